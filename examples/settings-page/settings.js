// The page's own code: the dark-mode switch drives the page and the widgets' `theme` attribute,
// and the widgets' events update the page.
const root = document.documentElement;
const toggle = document.querySelector('#dark-mode');
const widgets = () => document.querySelectorAll('hearken-feedback, hearken-roadmap');

function applyTheme(dark) {
  const theme = dark ? 'dark' : 'light';
  root.dataset.theme = theme;
  for (const widget of widgets()) widget.setAttribute('theme', theme);
  localStorage.setItem('lumen-theme', theme);
}

toggle.checked = localStorage.getItem('lumen-theme') === 'dark';
applyTheme(toggle.checked);
toggle.addEventListener('change', () => applyTheme(toggle.checked));

const status = document.querySelector('#feedback-status');
document.addEventListener('hearken:success', () => {
  status.textContent = 'Thank you! Your feedback reached the team.';
});
document.addEventListener('hearken:error', (event) => {
  status.textContent = `Sending failed${event.detail?.code ? ` (${event.detail.code})` : ''}.`;
});
