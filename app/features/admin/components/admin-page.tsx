import type { ReactNode } from "react";

/** An admin screen: its h1, an optional line under it, actions on the right, then the content. */
export function AdminPage({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** The error state of a list: the message and a button to try again. */
export function LoadError({ message, onRetry, retryLabel = "Try Again" }: { message: string; onRetry: () => void; retryLabel?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <button type="button" onClick={onRetry} className="mt-4 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
        {retryLabel}
      </button>
    </div>
  );
}
