package sweep

import "testing"

// ABSpec is abSpec for the tests outside the package (jobs_test.go, which
// writes through internal/writers/sweepout, which imports sweep).
func ABSpec(t *testing.T) *Spec { return abSpec(t) }
