import type { Locator } from '@playwright/test';

/** The contact form's labels and the options the tests choose, in two of the site's languages. */
const LABELS = {
  es: {
    agencyName: 'Empresa o agencia',
    agencyType: ['Tipo de agencia', 'Agencia de medios'],
    agencySize: ['Tamaño (inversión anual en medios)', 'De 5 a 10 M€'],
    advertiserCount: ['Número de anunciantes', 'De 10 a 25'],
    contactName: 'Nombre y apellidos',
    email: 'Email profesional',
    position: ['Cargo', 'Director/a'],
    decisionRole: ['Papel en las decisiones de compra', 'Decido'],
    terms: /^Acepto los términos y condiciones y he leído la política de privacidad/,
  },
  en: {
    agencyName: 'Company or agency',
    agencyType: ['Agency type', 'Media agency'],
    agencySize: ['Size (yearly media spend)', '€5M to €10M'],
    advertiserCount: ['Number of advertisers', '10 to 25'],
    contactName: 'Full name',
    email: 'Work email',
    position: ['Position', 'Director'],
    decisionRole: ['Role in purchase decisions', 'I decide'],
    terms: /^I accept the terms and conditions and have read the privacy policy/,
  },
} as const;

/** Fills the form's required fields (all but the interest) and ticks the terms. */
export async function fillRequiredFields(
  form: Locator,
  {
    email,
    agencyName,
    contactName,
    language = 'es',
  }: { email: string; agencyName: string; contactName: string; language?: keyof typeof LABELS },
) {
  const labels = LABELS[language];
  await form.getByLabel(labels.agencyName).fill(agencyName);
  for (const [label, option] of [labels.agencyType, labels.agencySize, labels.advertiserCount])
    await form.getByLabel(label).selectOption({ label: option });
  await form.getByLabel(labels.contactName).fill(contactName);
  await form.getByLabel(labels.email).fill(email);
  for (const [label, option] of [labels.position, labels.decisionRole]) await form.getByLabel(label).selectOption({ label: option });
  await form.getByRole('checkbox', { name: labels.terms }).check();
}
