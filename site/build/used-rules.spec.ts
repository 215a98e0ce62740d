import { usedRules } from './used-rules';

const PAGE =
  '<html lang="en"><head></head><body><header class="bar"><nav><a class="link" href="/">Home</a></nav></header>' +
  '<main id="main"><h1>Title</h1><ul class="list"><li><a class="link" href="/x">X</a></li></ul></main></body></html>';

describe("the site's rules a page uses", () => {
  it('keeps the rules whose elements, classes and ids the document holds, in their order, and drops the others', () => {
    const css = 'h1{margin:0}.toast{position:fixed}#main{padding:1rem}.bar nav .link{color:red}.bar>.list{gap:0}.dialog h1{x:1}';
    expect(usedRules(css, PAGE)).toBe('h1{margin:0}#main{padding:1rem}.bar nav .link{color:red}');
  });

  it('keeps a rule one of whose selectors matches, and every selector of it', () => {
    expect(usedRules('.toast,.list li{margin:0}.toast,.menu{x:1}', PAGE)).toBe('.toast,.list li{margin:0}');
  });

  it('reads what scripts and the visitor change as could-match: states, attributes, pseudo-elements', () => {
    const css =
      'html[data-consent-decided] .bar{display:none}.link:hover{color:blue}.link[aria-current=page]{font-weight:700}' +
      ':root{color:black}.list li::marker{color:red}.bar:not(.open) nav{x:1}::selection{x:2}[hidden]{display:none!important}' +
      '.menu[aria-expanded=true]{x:3}';
    expect(usedRules(css, PAGE)).toBe(css.replace('.menu[aria-expanded=true]{x:3}', ''));
  });

  it('keeps at-rules, and drops a media or supports group left with no rule, nested ones too', () => {
    const css =
      '@font-face{font-family:Inter;src:url(/inter.woff2)}' +
      '@media (min-width:900px){.bar{gap:2rem}.toast{top:0}}@media print{.toast{display:none}}' +
      '@supports (display:grid){@media (min-width:600px){.dialog{x:1}}}';
    expect(usedRules(css, PAGE)).toBe('@font-face{font-family:Inter;src:url(/inter.woff2)}@media (min-width:900px){.bar{gap:2rem}}');
  });

  it('keeps the keyframes a kept rule animates with, and drops those only dropped rules use', () => {
    const css =
      '@keyframes fade{from{opacity:0}}@keyframes spin{to{rotate:1turn}}@keyframes slide{from{x:0}}@keyframes unused{to{x:1}}' +
      '.bar{animation:fade .2s ease,slide 1s}.toast{animation:spin 1s linear infinite}h1{animation-name:none}';
    expect(usedRules(css, PAGE)).toBe(
      '@keyframes fade{from{opacity:0}}@keyframes slide{from{x:0}}.bar{animation:fade .2s ease,slide 1s}h1{animation-name:none}',
    );
  });

  it('keeps the custom properties a kept rule, another kept property or the rest of the page reads', () => {
    const css =
      ':root{--ink:#000;--line:#ccc;--glow:var(--line);--hero:2rem;--danger:red;--unused:1}html[data-font]{--font:Inter}' +
      'html[data-x]{--only-unused:1}h1{color:var(--ink);font:var(--font)}.bar{background:var( --glow)}.toast{color:var(--danger)}';
    const page = PAGE.replace('<head>', '<head><style>.hero{font-size:var(--hero)}</style>');
    expect(usedRules(css, page)).toBe(
      ':root{--ink:#000;--line:#ccc;--glow:var(--line);--hero:2rem}html[data-font]{--font:Inter}' +
        'h1{color:var(--ink);font:var(--font)}.bar{background:var( --glow)}',
    );
  });

  it('keeps a rule whose selector it cannot read', () => {
    expect(usedRules('.toast >> .menu{x:1}.dialog{x:2}', PAGE)).toBe('.toast >> .menu{x:1}');
  });
});
