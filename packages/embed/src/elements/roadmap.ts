// What hearken.js loads when a <hearken-roadmap> appears. A dynamic import keeps every export of
// the module it names; naming this one keeps `define` alone, not the rest of the package's entry
// (its English strings table, which the view brings when it loads).
export { define } from '@hearken/roadmap';
