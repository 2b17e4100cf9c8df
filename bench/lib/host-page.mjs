/**
 * The host page the browser benches load: one heading, what the bench puts in `<main>`, then what
 * it puts after it (a launcher, say). Each bench writes only its own widgets and scripts.
 * @param {{ head: string, main: string, after?: string }} parts
 */
export const hostPage = ({ head, main, after = '' }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Roadmap</title>
${head}
</head>
<body>
<main>
<h1>Where we are heading</h1>
${main}
</main>
${after}
</body>
</html>`;
