import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, Trash2 } from 'lucide-react';
import React, { useRef, useState } from 'react';
import type { LeadDetailFragment } from './generated';
import type { LocalProblem } from './problems';
import type { Outcome } from './use-staff-api';
import * as shared from './Staff.module.css';
import * as styles from './LeadDetail.module.css';

/** Erasure (GDPR), behind a confirmation that says it cannot be undone. */
export function EraseLead({ lead, onErase }: { lead: LeadDetailFragment; onErase(lead: LeadDetailFragment): Promise<Outcome<unknown>> }) {
  const { t } = useTranslation('staff');
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [erasing, setErasing] = useState(false);
  const [problem, setProblem] = useState<LocalProblem | null>(null);

  const ask = () => {
    setProblem(null);
    dialog.current?.showModal();
    // The safe choice has the focus.
    cancel.current?.focus();
  };
  const dismiss = () => {
    dialog.current?.close();
    trigger.current?.focus();
  };
  const confirm = async () => {
    if (erasing) return;
    setErasing(true);
    const outcome = await onErase(lead);
    setErasing(false);
    if (outcome.ok) dialog.current?.close();
    else setProblem(outcome.problem);
  };

  return (
    <div className={styles.erase}>
      <button ref={trigger} type="button" className={`button ${shared.danger}`} onClick={ask}>
        <Trash2 size={18} strokeWidth={1.75} aria-hidden="true" />
        {t('detail.erase')}
      </button>
      <dialog
        ref={dialog}
        className={styles.confirm}
        aria-labelledby="erase-title"
        aria-describedby="erase-text"
        onCancel={(event) => {
          event.preventDefault();
          dismiss();
        }}
      >
        <h2 id="erase-title">{t('erase.title')}</h2>
        <p id="erase-text">{t('erase.text', { agency: lead.agencyName, email: lead.email })}</p>
        <p className={styles.hint}>{t('erase.hint')}</p>
        {problem && (
          <p className={shared.error} role="alert">
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            {t('erase.failed')} {t(`problems.${problem}`)}
          </p>
        )}
        <div className={styles.actions}>
          <button ref={cancel} type="button" className="button button--secondary" onClick={dismiss}>
            {t('erase.cancel')}
          </button>
          <button type="button" className={`button ${shared.danger}`} onClick={() => void confirm()} aria-disabled={erasing}>
            {erasing ? (
              <span className={`spinner ${shared.buttonSpinner}`} aria-hidden="true" />
            ) : (
              <Trash2 size={18} strokeWidth={1.75} aria-hidden="true" />
            )}
            {erasing ? t('erase.erasing') : t('erase.confirm')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
