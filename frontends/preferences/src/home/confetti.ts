/** The confetti lasts 4 seconds. */
export const CONFETTI_MS = 4_000;

/** Confetti from both sides for 4 seconds; loaded only when it plays. Decoration: a browser without canvas skips it. */
export async function celebrateFor(ms = CONFETTI_MS): Promise<void> {
  try {
    const { default: confetti } = await import('canvas-confetti');
    const end = Date.now() + ms;
    const burst = () => {
      void confetti({
        particleCount: 4,
        angle: 60,
        spread: 60,
        origin: { x: 0, y: 0.7 },
        zIndex: 1000,
        disableForReducedMotion: true,
      });
      void confetti({
        particleCount: 4,
        angle: 120,
        spread: 60,
        origin: { x: 1, y: 0.7 },
        zIndex: 1000,
        disableForReducedMotion: true,
      });
      if (Date.now() < end) requestAnimationFrame(burst);
    };
    burst();
  } catch {
    // No canvas: no confetti.
  }
}
