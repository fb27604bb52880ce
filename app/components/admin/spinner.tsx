/** A loading indicator with a text for screen readers. */
export function Spinner({ label = "Loading...", className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 text-slate-600 ${className}`}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
