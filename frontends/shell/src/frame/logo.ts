const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="124" height="28" viewBox="0 0 124 28"><rect x="0" y="4" width="20" height="20" rx="5" fill="#2c6ecb"/><path d="M6 9h6a3 3 0 0 1 0 6H6zm0 6h7a3 3 0 0 1 0 6H6z" fill="none" stroke="#fff" stroke-width="2"/><text x="28" y="20" font-family="system-ui,-apple-system,sans-serif" font-size="16" font-weight="650" fill="#ffffff">Belegfluss</text></svg>`;

export const LOGO_URL = `data:image/svg+xml,${encodeURIComponent(svg)}`;
