import { type ApolloCache, type Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, Trash2 } from 'lucide-react';
import React, { useRef, useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { EraseLeadDocument, type LeadDetailFragment } from './generated';
import { type LocalProblem, problemText } from './problems';
import { localProblem } from './staff-client';
import * as shared from './Staff.module.css';
import * as styles from './LeadDetail.module.css';

/** Erasure (GDPR), behind a confirmation that says it cannot be undone. */
export function EraseLead({ lead, onErased }: { lead: LeadDetailFragment; onErased(agency: string): void }) {
  const { t } = useTranslation('staff');
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [eraseLead, { loading: erasing }] = useMutation(EraseLeadDocument, { update: (cache) => removeFromLists(cache, lead.id) });
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
    try {
      await eraseLead({ variables: { id: lead.id } });
      dialog.current?.close();
      onErased(lead.agencyName);
    } catch (error) {
      setProblem(localProblem(error));
    }
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
            {t('erase.failed')} {problemText(t, problem, 'item')}
          </p>
        )}
        <div className={styles.actions}>
          <button ref={cancel} type="button" className="button button--secondary" onClick={dismiss}>
            {t('erase.cancel')}
          </button>
          <BusyButton
            className={`button ${shared.danger}`}
            onClick={() => void confirm()}
            busy={erasing}
            busyLabel={t('erase.erasing')}
            icon={<Trash2 size={18} strokeWidth={1.75} aria-hidden="true" />}
          >
            {t('erase.confirm')}
          </BusyButton>
        </div>
      </dialog>
    </div>
  );
}

/** The erased lead leaves every list it was in (as the cache keeps them), each one lead shorter (a "more than" stays). */
function removeFromLists(cache: ApolloCache, id: string) {
  cache.modify<{ leads: { edges: { node: Reference }[]; totalCount: number; totalCountPrecision: string } }>({
    fields: {
      leads(list, { readField, isReference }) {
        if (isReference(list)) return list;
        const edges = list.edges.filter((edge) => readField('id', edge.node) !== id);
        if (edges.length === list.edges.length) return list;
        return { ...list, edges, totalCount: list.totalCountPrecision === 'EXACT' ? list.totalCount - 1 : list.totalCount };
      },
    },
  });
}
