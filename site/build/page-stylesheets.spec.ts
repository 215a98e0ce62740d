import { DEFERRED_STYLESHEET, pageStylesheetOf as stylesheetOf } from './page-stylesheets';

describe('the page stylesheets', () => {
  it('take each module below site/src by its path, the first that matches, with either separator', () => {
    expect(stylesheetOf('/repo/site/src/styles/forms.module.css')).toBe('forms-styles');
    expect(stylesheetOf('C:\\repo\\site\\src\\styles\\dialogs.module.css')).toBe('dialogs-styles');
    expect(stylesheetOf('/repo/site/src/features/staff/LeadsTable.module.css')).toBe('staff-styles');
    expect(stylesheetOf('/repo/site/src/features/consent/ConsentSettings.module.css')).toBe('consent-settings-styles');
    expect(stylesheetOf('/repo/site/src/features/consent/ChangeConsentButton.module.css')).toBe('cookies-styles');
    expect(stylesheetOf('/repo/site/src/components/home/Categories.module.css')).toBe(DEFERRED_STYLESHEET);
    expect(stylesheetOf('C:\\repo\\site\\src\\features\\explorer\\Explorer.module.css')).toBe(DEFERRED_STYLESHEET);
    expect(stylesheetOf('/repo/site/src/components/home/Hero.module.css')).toBe('home-styles');
  });

  it('leave every other module in the site’s stylesheet: a dot in a name is a dot', () => {
    expect(stylesheetOf('/repo/site/src/styles/global.css')).toBeUndefined();
    expect(stylesheetOf('/repo/site/src/styles/formsXmodule.css')).toBeUndefined();
    expect(stylesheetOf('/repo/site/src/features/consent/ConsentManager.module.css')).toBeUndefined();
    expect(stylesheetOf('/repo/site/src/components/layout/Header.module.css')).toBeUndefined();
  });
});
