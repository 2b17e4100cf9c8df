import vue from '@vitejs/plugin-vue';

// Vue's compiler must render the widgets' tags as custom elements, not look for Vue components.
export default {
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('hearken-') } } })],
};
