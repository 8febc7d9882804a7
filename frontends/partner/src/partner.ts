/** Who may see the partner area: what it says to everyone else, whether the shop or the gateway found out. */
export const PARTNERS_ONLY = 'Das Partnerprogramm steht nur Shops offen, die als Partner freigeschaltet sind.';
