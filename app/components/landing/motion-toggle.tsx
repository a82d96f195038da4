/**
 * Pause and Play for motion that goes on by itself (WCAG 2.2.2: the hero demo's loop, the
 * testimonials' autoplay). Its words say what a press does: "Pause demo", then "Play demo".
 */
export function MotionToggle({ stopped, onToggle, what, className }: { stopped: boolean; onToggle: () => void; what: string; className: string }) {
  return (
    <button type="button" onClick={onToggle} className={className}>
      {stopped ? `Play ${what}` : `Pause ${what}`}
    </button>
  );
}
