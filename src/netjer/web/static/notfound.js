// The page a browser gets for an address with no page (the server's 404 to a request that asks
// for HTML): its words in the page's language.

import { loadLanguage } from "./common.js";

loadLanguage();
