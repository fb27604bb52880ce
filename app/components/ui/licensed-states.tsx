import { Icon } from "~/components/ui/icon";
import { useSite } from "~/lib/site";

/** The grid of licensed states, the resident licence marked; the count is derived from the list. */
export function LicensedStatesGrid() {
  const { licensedStateCount, licensedStates, residentState } = useSite();
  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="licensed-states">
        {licensedStates.map((state) => {
          const resident = state === residentState;
          return (
            <li
              key={state}
              className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium ${resident ? "border-accent-500 bg-accent-400/15 text-brand-900" : "border-slate-200 bg-white text-slate-700"}`}
            >
              {resident ? (
                <Icon name="map" className="h-4 w-4 shrink-0 text-accent-600" />
              ) : (
                <Icon name="check" className="h-4 w-4 shrink-0 text-brand-600" />
              )}
              <span>{state}</span>
              {resident && (
                <span className="ml-auto rounded bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">Resident License</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-center text-slate-600">
        Licensed in <strong>{licensedStateCount} states</strong>, with our resident license in {residentState}.
      </p>
    </div>
  );
}
