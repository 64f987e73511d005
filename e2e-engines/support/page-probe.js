// Served by the site proxy at /__engines/page-probe.js and put into every page's <head> (after
// Testing Library's DOM queries), same-origin so the site's CSP (script-src 'self') stays as it is.
// It does two things the same way in every engine:
// - reports console.error, uncaught errors, unhandled rejections, failed resources and CSP
//   violations to the proxy with sendBeacon (which outlives a navigation). Classic WebDriver, which
//   drives WebKit here, has no console or network events; this is how WebKit's errors are seen.
// - finds elements as a person does (role and name, label, text) through Testing Library, whose
//   accessible-name rules are then the same in every engine.
(() => {
  function describe(value) {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }

  function report(kind, text) {
    const entry = JSON.stringify({ kind, text: String(text).slice(0, 2000), page: location.pathname });
    navigator.sendBeacon('/__engines/report', new Blob([entry], { type: 'text/plain' }));
  }

  const consoleError = console.error;
  console.error = (...args) => {
    report('console.error', args.map(describe).join(' '));
    consoleError.apply(console, args);
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target && target !== window && 'tagName' in target) {
        report('resource failed', `${target.tagName} ${target.src || target.href || ''}`);
      } else {
        report('page error', event.error ? describe(event.error) : event.message);
      }
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => report('unhandled rejection', describe(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) =>
    report('CSP violation', `${event.violatedDirective} ${event.blockedURI}`),
  );

  const dom = window.TestingLibraryDom;

  /** A name as the tests send it: a string (exact) or { regex, flags }. */
  function matcher(name) {
    if (name === undefined || typeof name === 'string') return name;
    return new RegExp(name.regex, name.flags);
  }

  function visible(element) {
    if (!element.isConnected) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 || box.height > 0;
  }

  /** Every element a query names, within the element its `within` query names (else the document). */
  function findAll(query) {
    let containers = [document.body];
    if (query.within) containers = findAll(query.within);
    return containers.flatMap((container) => {
      if (query.role) {
        return dom.queryAllByRole(container, query.role, {
          name: matcher(query.name),
          level: query.level,
          hidden: query.hidden === true,
        });
      }
      if (query.label) return dom.queryAllByLabelText(container, matcher(query.label));
      if (query.text) return dom.queryAllByText(container, matcher(query.text));
      if (query.testId) return dom.queryAllByTestId(container, query.testId);
      return [];
    });
  }

  window.__engines = {
    findAll,
    /** The first element the query names that a person can see, or null. */
    find: (query) => findAll(query).find(visible) ?? null,
    count: (query) => findAll(query).filter(visible).length,
    text: (query) => findAll(query).find(visible)?.textContent ?? null,
    attribute: (query, name) => findAll(query).find(visible)?.getAttribute(name) ?? null,
    focused: (query) => findAll(query).includes(document.activeElement),
    visible,
  };
})();
