import { classNamer, shortClassName, shortenClassNames, type WebpackRule } from './class-names';

describe('short class names of CSS modules', () => {
  it('are six characters of their file and name, never starting with a digit or a hyphen', () => {
    const names = ['header', 'menu', 'open', 'bar', 'grid', 'card'].flatMap((name) =>
      ['src/components/layout/Header.module.css', 'src/features/consent/ConsentManager.module.css'].map((file) =>
        shortClassName('/site', `/site/${file}`, name),
      ),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^(?:[A-Za-z_][\w-]{5}|_[\d-][\w-]{5})$/);
    // The same wherever the checkout is: the browser's build and the pages' agree, and so do two machines.
    expect(shortClassName('/a/site', '/a/site/src/x.module.css', 'menu')).toBe(
      shortClassName('/b/site', '/b/site/src/x.module.css', 'menu'),
    );
    expect(shortClassName('/site', '/site/src/x.module.css', 'menu')).not.toBe(shortClassName('/site', '/site/src/y.module.css', 'menu'));
  });

  it("reach css-loader wherever Gatsby's rules hold it, and only where it makes modules", () => {
    const modules = { namedExport: true };
    const plain = { loader: '/node_modules/css-loader/dist/cjs.js', options: { modules: false } };
    const rules: WebpackRule[] = [
      { use: () => [] },
      {
        oneOf: [
          { use: [false, { loader: '/node_modules/css-loader/dist/cjs.js', options: { modules } }, 'postcss-loader'] },
          { use: [plain] },
        ],
      },
    ];
    shortenClassNames(rules, '/site');
    const getLocalIdent = (modules as { getLocalIdent?: (loader: { resourcePath: string }, pattern: string, name: string) => string })
      .getLocalIdent;
    expect(getLocalIdent?.({ resourcePath: '/site/src/x.module.css' }, '[hash]', 'menu')).toBe(
      shortClassName('/site', '/site/src/x.module.css', 'menu'),
    );
    expect(plain.options).toEqual({ modules: false });
  });

  it('fail the build where two classes would get one name, not where one class is named again', () => {
    const nameOf = classNamer('/site', (_root, _file, name) => name.slice(0, 2));
    expect(nameOf('/site/src/x.module.css', 'menu')).toBe('me');
    expect(nameOf('/site/src/x.module.css', 'menu')).toBe('me');
    expect(nameOf('/site/src/y.module.css', 'bar')).toBe('ba');
    expect(() => nameOf('/site/src/y.module.css', 'meta')).toThrow('CSS module classes src/x.module.css .menu and src/y.module.css .meta');
  });
});
