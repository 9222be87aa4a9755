// Lets the pages run under a Content Security Policy without 'unsafe-eval'.
// PyScript compiles its worker hooks from source with `Function()` when it defines the
// `py` script type. Its plugins add worker hooks only for what they find on a page (a
// terminal, an editor), which these pages have none of; the one hook left is built in,
// for PyScript workers, which these pages never start. It is dropped here, before
// PyScript reads its hooks, so `Function()` is never called.
import { hooks } from "../vendor/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
