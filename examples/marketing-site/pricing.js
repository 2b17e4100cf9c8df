// Most likely runs before hearken.js has loaded: the snippet queues every call and replays them in order.
const { workspace, apiBase, proxy } = document.querySelector('main').dataset;
Hearken('init', { workspace, apiBase, proxy, theme: 'auto' });
Hearken('roadmap:mount', { target: '#latest-release', view: 'changelog' });
Hearken('on', 'hearken:success', (event) => {
  document.querySelector('#request-feature').textContent = 'Thanks, we got it!';
  console.info('Feedback sent as thread', event.detail?.threadId);
});
document.querySelector('#request-feature').addEventListener('click', () => {
  Hearken('feedback:open', { text: 'I would like Lumen Notes to…' });
});
