/**
 * The form's fields are uncontrolled: their values live in the DOM. These read them out (checkbox
 * groups as lists, radio groups as the chosen value) and write a saved draft back in. Hidden fields
 * (the documents' ids, where the visitor came from) are the page's, not the visitor's answers.
 */
export type FormValues = Record<string, string | string[]>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (el): el is Control =>
      "name" in el &&
      Boolean((el as Control).name) &&
      (el as HTMLInputElement).type !== "file" &&
      (el as HTMLInputElement).type !== "hidden",
  );
}

export function readForm(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const el of controls(form)) {
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      let list = values[el.name];
      if (!Array.isArray(list)) {
        list = [];
        values[el.name] = list;
      }
      if (el.checked) list.push(el.value);
    } else if (el instanceof HTMLInputElement && el.type === "radio") {
      values[el.name] ??= "";
      if (el.checked) values[el.name] = el.value;
    } else {
      values[el.name] = el.value;
    }
  }
  return values;
}

/** Puts saved values back; names not in the form and values no longer offered are skipped. */
export function writeForm(form: HTMLFormElement, values: FormValues, skip: readonly string[] = []): void {
  for (const el of controls(form)) {
    const value = values[el.name];
    if (value === undefined || skip.includes(el.name)) continue;
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      el.checked = Array.isArray(value) ? value.includes(el.value) : value === el.value;
    } else if (typeof value === "string") {
      el.value = value;
    }
  }
}

export function isFilled(value: string | string[] | undefined): boolean {
  return Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== "";
}
