/** The first-run lists as the pages show them on a new database: the defaults with the first-run facts filled in. */
import { homeFaqDefaults } from "../../app/content/home";
import { fillPlaceholders } from "../../app/content/placeholders";
import { defaultSite } from "../../app/content/site-profile";

export const homeFaqs = homeFaqDefaults.map((f) => ({
  question: fillPlaceholders(f.question, defaultSite),
  answer: fillPlaceholders(f.answer, defaultSite),
}));
