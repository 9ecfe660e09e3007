import { useEffect, useRef, type PointerEvent } from 'react';
import { ATTESTATION_PAD, MAX_ATTESTATION_POINTS, MAX_ATTESTATION_STROKES } from '../../domain/visit-attestation';
import { Button } from '../ui/button';

type Stroke = [number, number][];

/**
 * A signature drawn with a finger, stylus or mouse (pointer events on a <canvas>), kept as strokes
 * on the ATTESTATION_PAD grid whatever size the canvas is shown at, so what is sent is small and
 * redrawn the same on the visit and in the note's PDF. Drawing stops at the server's bounds.
 * Keyboard users cannot draw: the attestation form offers "could not be obtained" beside it.
 */
export function SignaturePad({ strokes, onChange, label }: { strokes: Stroke[]; onChange: (strokes: Stroke[]) => void; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, ATTESTATION_PAD.width, ATTESTATION_PAD.height);
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0f172a';
    for (const stroke of strokes) {
      const [first, ...rest] = stroke;
      if (!first) continue;
      context.beginPath();
      context.moveTo(first[0], first[1]);
      for (const [x, y] of rest.length > 0 ? rest : [first]) context.lineTo(x, y);
      context.stroke();
    }
  }, [strokes]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
    return [
      clamp(((event.clientX - box.left) / box.width) * ATTESTATION_PAD.width, ATTESTATION_PAD.width),
      clamp(((event.clientY - box.top) / box.height) * ATTESTATION_PAD.height, ATTESTATION_PAD.height),
    ];
  };
  const pointCount = strokes.reduce((sum, stroke) => sum + stroke.length, 0);

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (strokes.length >= MAX_ATTESTATION_STROKES || pointCount >= MAX_ATTESTATION_POINTS) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    onChange([...strokes, [pointOf(event)]]);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || pointCount >= MAX_ATTESTATION_POINTS) return;
    const point = pointOf(event);
    const last = strokes.at(-1);
    if (!last) return;
    const previous = last.at(-1);
    // Points closer than 2 grid units add nothing visible: skipped, so a slow hand stays within bounds.
    if (previous && Math.abs(previous[0] - point[0]) + Math.abs(previous[1] - point[1]) < 2) return;
    onChange([...strokes.slice(0, -1), [...last, point]]);
  };
  const up = () => {
    drawing.current = false;
  };

  return (
    <div className="space-y-2">
      <canvas
        ref={canvas}
        width={ATTESTATION_PAD.width}
        height={ATTESTATION_PAD.height}
        role="img"
        aria-label={label}
        // touch-action none: a finger draws instead of scrolling the page.
        className="aspect-[3/1] w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <Button variant="secondary" size="sm" onClick={() => onChange([])} disabled={strokes.length === 0}>
        Clear signature
      </Button>
    </div>
  );
}
