import React from 'react';
import { withLinks } from '../../components/with-links';
import { COMPANY } from '../../config/company';
import * as styles from './PrivacyCenter.module.css';

/**
 * The short data-protection notice under a privacy-centre form, where the address and the text are collected (who,
 * for what, on which basis, and the link to the policy): `translate` gives its words with {{companyName}} filled.
 */
export function FormNotice({ translate }: { translate: (values: { companyName: string }) => string }) {
  return <p className={styles.notice}>{withLinks(translate({ companyName: COMPANY.companyName }))}</p>;
}
