export default { oxc: { jsx: { runtime: 'automatic', importSource: 'react' } } };
