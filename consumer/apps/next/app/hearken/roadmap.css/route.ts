// app/hearken/roadmap.css/route.ts
// The stylesheet the markup links (a strict CSP allows no inline style), built once by `next build`.
import { SERVER_CSS } from '@hearken/roadmap/server';

export const dynamic = 'force-static';

export function GET() {
  return new Response(SERVER_CSS, { headers: { 'content-type': 'text/css; charset=utf-8' } });
}
