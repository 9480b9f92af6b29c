package diag

import "fmt"

// SettingError is a setting of a call into a library that is wrong: a
// problem of the request, at no place in a file. Setting names it as a
// command line does without its dashes (map, op-speed, max-size); Text
// starts with that name, so that a command line puts its flag's dashes
// before it and the library never names a flag.
type SettingError struct {
	Setting string
	Text    string
}

func (e *SettingError) Error() string { return e.Text }

// Setting returns a *SettingError whose text is setting followed by
// format's text: Setting("map", ": %v", err).
func Setting(setting, format string, a ...any) error {
	return &SettingError{setting, setting + fmt.Sprintf(format, a...)}
}
