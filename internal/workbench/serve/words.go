package serve

import "regexp"

// The predictor advises command-line users by flag (give a value with
// --set); a workbench user has the page's fields instead, and no say
// over the server's limits (the engine's event limit, which it states
// without advice). workbenchWords rewrites that advice for them, and the
// options the predictor names (diag.Given) as the page's fields.
var workbenchAdvice = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(event limit of \d+ reached at simulated time \S+?s(?: after \d+ operations)?)`), "$1 (the workbench's limit per run: try fewer processes or smaller params)"},
	{regexp.MustCompile(`give it with --set (\S+?)=VALUE`), "give it under Params as $1=VALUE"},
	{regexp.MustCompile(`say how many processes with --procs`), "say how many in the Processes field"},
	{regexp.MustCompile(`give it with option op-time (\S+?)=TIME`), "add $1 to the ops: of the machine file"},
	// The predictor names the counts it was given as options; the page
	// has fields of those names.
	{regexp.MustCompile(`\boption nodes\b`), "nodes"},
	{regexp.MustCompile(`\boption procs\b`), "processes"},
	{regexp.MustCompile(`\(option max-iterations\)`), "(the workbench's limit per run: try smaller params)"},
}

func workbenchWords(msg string) string {
	for _, a := range workbenchAdvice {
		msg = a.re.ReplaceAllString(msg, a.with)
	}
	return msg
}
