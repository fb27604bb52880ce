import { type MouseEvent, useState } from "react";

/** The offer's words, from the page's loader (app/features/fmcsa/messages.ts): not in the page's scripts. */
export type LookupTexts = {
  button: string;
  busy: string;
  heading: string;
  fill: string;
  filled: string;
  dismiss: string;
  unavailable: string;
};

type Offer = { name: string; label: string; value: string; ticked: boolean };
type State = { busy?: boolean; message?: string; offers?: Offer[] };

/**
 * "Fill from my USDOT record", under the USDOT number once the page runs its scripts: asks
 * GET /api/fmcsa/carrier/:dot and offers each field found, ticked, to fill in. The ticks have no name, so
 * they are never sent; the fields filled stay the visitor's to edit. A failed lookup says so and
 * nothing else changes.
 */
export function DotLookup({ texts }: { texts: LookupTexts }) {
  const [state, setState] = useState<State>({});
  const look = async (event: MouseEvent<HTMLButtonElement>) => {
    const dot = (event.currentTarget.form?.elements.namedItem("dotNumber") as HTMLInputElement | null)?.value.trim() ?? "";
    setState({ busy: true });
    try {
      const answer = await (await fetch(`/api/fmcsa/carrier/${encodeURIComponent(dot || "-")}`)).json();
      setState(answer.success ? { offers: answer.data.fields } : { message: answer.message });
    } catch {
      setState({ message: texts.unavailable });
    }
  };
  const fill = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    for (const box of form.querySelectorAll<HTMLInputElement>("[data-fill]:checked")) {
      const field = form.elements.namedItem(box.dataset.fill ?? "") as HTMLInputElement | null;
      if (field) field.value = box.value;
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
    setState({ message: texts.filled });
  };
  return (
    <div className="mt-2 text-sm" data-testid="dot-lookup">
      <button type="button" onClick={look} disabled={state.busy} className="font-medium text-brand-700 underline">
        {state.busy ? texts.busy : texts.button}
      </button>
      <p role="status" className="mt-1 text-slate-700">
        {state.message}
      </p>
      {state.offers && (
        <fieldset className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-3">
          <legend className="px-1 font-medium text-slate-800">{texts.heading}</legend>
          {state.offers.map((o) => (
            <label key={o.name} className="mt-1 flex gap-2">
              <input type="checkbox" data-fill={o.name} value={o.value} defaultChecked={o.ticked} className="mt-1 h-4 w-4" />
              <span>
                {o.label}: <strong>{o.value}</strong>
              </span>
            </label>
          ))}
          <button type="button" onClick={fill} className="mt-2 font-medium text-brand-700 underline">
            {texts.fill}
          </button>{" "}
          <button type="button" onClick={() => setState({})} className="mt-2 ml-3 text-slate-700 underline">
            {texts.dismiss}
          </button>
        </fieldset>
      )}
    </div>
  );
}
