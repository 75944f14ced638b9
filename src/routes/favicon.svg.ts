// /favicon.svg: the site's icon ships with the package, so a user's project needs no public/ of ours.
import type { APIRoute } from 'astro';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="none" stroke="#2f6fd0" stroke-width="2.5"/><circle cx="12" cy="12" r="4" fill="#2f6fd0"/></svg>';

export const GET: APIRoute = () => new Response(ICON, { headers: { 'Content-Type': 'image/svg+xml' } });
