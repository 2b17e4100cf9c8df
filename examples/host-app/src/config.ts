/** Where the app finds its Hearken settings: meta tags the examples server fills in. */
function meta(name: string): string {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  if (!value) throw new Error(`Missing <meta name="${name}"> in index.html.`);
  return value;
}

export const config = {
  workspace: meta('hearken-workspace'),
  apiBase: meta('hearken-api-base'),
  proxy: meta('hearken-proxy'),
};
