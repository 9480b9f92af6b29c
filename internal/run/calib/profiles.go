package calib

import (
	"fmt"
	"strings"
)

// DuplicateError is two profiles to combine that have the same node
// group name: the machine file would have two groups of that name.
type DuplicateError struct{ Name string }

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("two profiles are named %q", e.Name)
}

// LoadProfiles reads the saved profiles to combine into one machine
// file; their names must differ (a *DuplicateError).
func LoadProfiles(paths []string) ([]*Profile, error) {
	var profiles []*Profile
	seen := map[string]bool{}
	for _, p := range paths {
		prof, err := LoadProfile(p)
		if err != nil {
			return nil, err
		}
		profiles = append(profiles, prof)
	}
	for _, p := range profiles {
		if seen[p.Name] {
			return nil, &DuplicateError{p.Name}
		}
		seen[p.Name] = true
	}
	return profiles, nil
}

// Floored lists the operations of p measured faster than one clock cycle
// and written as one cycle.
func (p *Profile) Floored() []string {
	var keys []string
	for _, o := range p.Ops {
		if o.Floored {
			keys = append(keys, o.Key)
		}
	}
	return keys
}

// GroupName keeps a host name usable as a node group name: its first
// label, letters, digits, - and _ only; "thishost" when nothing is left.
func GroupName(host string) string {
	host, _, _ = strings.Cut(host, ".")
	var b strings.Builder
	for _, r := range host {
		if r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "thishost"
	}
	return b.String()
}
