/** The closing call to action at the foot of the home page and the inner pages. */
import { perSite } from "./site-facts";

export const closingCopy = perSite(({ agency, promises }): { title: string; text: string } => ({
  title: "Get your commercial insurance quote today",
  text: `Tell us about your business and a licensed agent will come back with options from ${promises.carriers} carriers, usually in about ${promises.quoteMinutes} minutes. Prefer to talk? Call ${agency.phone.primary.display}, ${agency.hours.open}.`,
}));
