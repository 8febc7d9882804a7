/** Loaded only when a connection succeeds, so it costs nothing on first load. */
export async function celebrate(): Promise<void> {
  try {
    const { default: confetti } = await import('canvas-confetti');
    // Above Polaris' modal layer.
    await confetti({ particleCount: 160, spread: 90, origin: { y: 0.6 }, zIndex: 1000, disableForReducedMotion: true });
  } catch {
    // Confetti is decoration; a browser without canvas just skips it.
  }
}
