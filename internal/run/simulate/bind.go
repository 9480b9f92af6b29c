package simulate

import (
	"fmt"
	"strconv"
	"strings"

	"augur/internal/frontend/threadtrace"
)

func threadIndex(p *threadtrace.Program) map[string]int32 {
	m := make(map[string]int32, len(p.Threads))
	for i, t := range p.Threads {
		m[t.Name] = int32(i)
	}
	return m
}

// ParseBind reads a binding of threads to processors, T1=0,T2=1,... (for
// Config.Bind); every thread must be bound, or none. "" binds none.
func ParseBind(s string, p *threadtrace.Program, cpus int) ([]int32, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	idx := threadIndex(p)
	bind := make([]int32, len(p.Threads))
	for i := range bind {
		bind[i] = -1
	}
	for _, part := range strings.Split(s, ",") {
		name, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return nil, fmt.Errorf("want THREAD=PROCESSOR, got %q", part)
		}
		t, ok := idx[name]
		if !ok {
			return nil, fmt.Errorf("no thread %q in the trace (threads: %s)", name, threadNames(p))
		}
		c, err := strconv.Atoi(v)
		if err != nil || c < 0 || c >= cpus {
			return nil, fmt.Errorf("%s=%s: processor must be 0..%d", name, v, cpus-1)
		}
		if bind[t] >= 0 {
			return nil, fmt.Errorf("%s is bound twice", name)
		}
		bind[t] = int32(c)
	}
	var missing []string
	for i, b := range bind {
		if b < 0 {
			missing = append(missing, p.Threads[i].Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("bind every thread or none; not bound: %s", strings.Join(missing, ", "))
	}
	return bind, nil
}

// ParsePriority reads thread priorities, T1,T2,... highest first (for
// Config.Prio), or with "" takes the trace's # priority header.
func ParsePriority(s string, p *threadtrace.Program) ([]int32, error) {
	var order []int32
	if strings.TrimSpace(s) == "" {
		order = p.Priority
	} else {
		idx := threadIndex(p)
		seen := map[int32]bool{}
		for _, name := range strings.Split(s, ",") {
			name = strings.TrimSpace(name)
			t, ok := idx[name]
			if !ok {
				return nil, fmt.Errorf("no thread %q in the trace (threads: %s)", name, threadNames(p))
			}
			if seen[t] {
				return nil, fmt.Errorf("%s is listed twice", name)
			}
			seen[t] = true
			order = append(order, t)
		}
	}
	if order == nil {
		return nil, nil
	}
	prio := make([]int32, len(p.Threads))
	for k, t := range order {
		prio[t] = int32(len(order) - k)
	}
	return prio, nil
}

func threadNames(p *threadtrace.Program) string {
	var names []string
	for i, t := range p.Threads {
		if i == 8 {
			names = append(names, fmt.Sprintf("... %d in all", len(p.Threads)))
			break
		}
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}
