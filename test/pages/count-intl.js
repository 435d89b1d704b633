/* global window */
// The Intl objects a page makes, by kind (test/pages/first-paint-intl.html): `window.intlMade`.
window.intlMade = [];
for (const name of [
  'NumberFormat',
  'DateTimeFormat',
  'PluralRules',
  'Collator',
  'RelativeTimeFormat',
  'ListFormat',
  'Segmenter',
  'DisplayNames',
]) {
  const Original = Intl[name];
  if (!Original) continue;
  const Counted = function (...args) {
    window.intlMade.push(name);
    return new Original(...args);
  };
  Counted.prototype = Original.prototype;
  Counted.supportedLocalesOf = Original.supportedLocalesOf;
  Intl[name] = Counted;
}
for (const [proto, method] of [
  [Number.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleTimeString'],
]) {
  const original = proto[method];
  proto[method] = function (...args) {
    window.intlMade.push(method);
    return original.apply(this, args);
  };
}
