import type { Locator } from '@playwright/test';

/** The contact form's labels and the options the tests choose, field by field, in two of the site's languages. */
const LABELS = {
  agencyName: { es: 'Empresa o agencia', en: 'Company or agency' },
  agencyType: { es: ['Tipo de agencia', 'Agencia de medios'], en: ['Agency type', 'Media agency'] },
  agencySize: { es: ['Tamaño (inversión anual en medios)', 'De 5 a 10 M€'], en: ['Size (yearly media spend)', '€5M to €10M'] },
  advertiserCount: { es: ['Número de anunciantes', 'De 10 a 25'], en: ['Number of advertisers', '10 to 25'] },
  contactName: { es: 'Nombre y apellidos', en: 'Full name' },
  email: { es: 'Correo profesional', en: 'Work email' },
  position: { es: ['Cargo', 'Director/a'], en: ['Position', 'Director'] },
  decisionRole: { es: ['Papel en las decisiones de compra', 'Decido'], en: ['Role in purchase decisions', 'I decide'] },
  terms: {
    es: /^Acepto el aviso legal y condiciones y he leído la política de privacidad/,
    en: /^I accept the legal notice and terms and have read the privacy policy/,
  },
} as const;
type Language = 'es' | 'en';

/** Fills the form's required fields (all but the interest) and ticks the terms. */
export async function fillRequiredFields(
  form: Locator,
  { email, agencyName, contactName, language = 'es' }: { email: string; agencyName: string; contactName: string; language?: Language },
) {
  const choose = async (field: 'agencyType' | 'agencySize' | 'advertiserCount' | 'position' | 'decisionRole') => {
    const [label, option] = LABELS[field][language];
    await form.getByLabel(label).selectOption({ label: option });
  };
  await form.getByLabel(LABELS.agencyName[language]).fill(agencyName);
  for (const field of ['agencyType', 'agencySize', 'advertiserCount'] as const) await choose(field);
  await form.getByLabel(LABELS.contactName[language]).fill(contactName);
  await form.getByLabel(LABELS.email[language]).fill(email);
  for (const field of ['position', 'decisionRole'] as const) await choose(field);
  await form.getByRole('checkbox', { name: LABELS.terms[language] }).check();
}
