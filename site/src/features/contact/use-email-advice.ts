import { useCallback, useEffect, useState } from 'react';
import type { CheckEmailQuery } from '../api/generated';
import { EMAIL_PATTERN } from '@segmentia/contracts/contact';

export type EmailAdvice = CheckEmailQuery['checkEmail'];

const checkOnApi = async (address: string): Promise<EmailAdvice> => (await import('../api/client')).checkEmail(address);

/**
 * What the API says of the address as the visitor leaves the field: a typo
 * to correct (a suggestion), free mail (a hint), disposable (`onDisposable`:
 * the form's error). Only advice: the API checks the address again when the
 * request is sent, so a failed check advises nothing. An address typed and
 * left before the form hydrated (that blur reached no handler) is advised on
 * once it has: `typed()` reads it then, unless the field `fieldId` has the focus.
 */
export function useEmailAdvice({
  fieldId,
  typed,
  onDisposable,
  check = checkOnApi,
}: {
  fieldId: string;
  typed: () => string | undefined;
  onDisposable: () => void;
  check?: (address: string) => Promise<EmailAdvice>;
}) {
  const [advice, setAdvice] = useState<EmailAdvice | null>(null);
  const checkAddress = useCallback(
    async (address: string) => {
      if (!EMAIL_PATTERN.test(address)) return setAdvice(null);
      try {
        const answer = await check(address);
        setAdvice(answer);
        if (answer.kind === 'DISPOSABLE') onDisposable();
      } catch {
        setAdvice(null);
      }
    },
    [check, onDisposable],
  );
  useEffect(() => {
    const address = typed();
    if (address && document.activeElement?.id !== fieldId) void checkAddress(address);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates
  }, []);
  return { advice, checkAddress, clear: useCallback(() => setAdvice(null), []) };
}
