package paraver

import (
	"fmt"
	"strings"

	"augur/internal/results"
)

// View is one Paraver configuration file (.cfg) written beside a
// trace, so that whoever opens the .prv has views to load at once
// (File > Load Configuration) instead of building them by hand.
type View struct {
	Name string // the file is BASE.Name.cfg
	Text string
}

// window is one timeline window of a configuration file, in the
// syntax of Paraver's configuration files (ConfigFile.Version 3.4).
type window struct {
	name string
	// thread is the semantic function at the thread level: "State As Is"
	// (the state records) or "Last Evt Val" (the last value of the event
	// type eventType).
	thread    string
	eventType int
	eventName string
	maxY      int
	comms     bool // draw the communication records as lines
}

// Views returns the views of the timeline's Paraver trace: the
// states of every rank and thread, the same with its messages drawn as
// lines, and the element each one is in (the event EventType,
// one colour per element). They refer only to what the .pcf names: the
// states and their colours, and the event type.
func Views(tl *results.Timeline) []View {
	n := len(tl.ElementNames())
	views := []struct {
		name, description string
		w                 window
	}{
		{"states", "augur: the state of every thread: running (computation), waiting a message (point to point), group communication (collectives).",
			window{name: "States", thread: "State As Is", maxY: Group}},
		{"communication", "augur: the states with every point-to-point message drawn as a line from its send to its receive.",
			window{name: "Communication", thread: "State As Is", maxY: Group, comms: true}},
		{"elements", "augur: the element (action, MPI call, thread operation) each thread executes, one colour per element; the values are named in the .pcf.",
			window{name: "Elements", thread: "Last Evt Val", eventType: EventType, eventName: "Element", maxY: max(n, 1)}},
	}
	out := make([]View, len(views))
	for i, v := range views {
		var b strings.Builder
		b.WriteString("#ParaverCFG\nConfigFile.Version: 3.4\nConfigFile.NumWindows: 1\n")
		fmt.Fprintf(&b, "ConfigFile.BeginDescription\n%s\nConfigFile.EndDescription\n\n", v.description)
		v.w.write(&b, 1)
		out[i] = View{Name: v.name, Text: b.String()}
	}
	return out
}

// write writes window number id.
func (w window) write(b *strings.Builder, id int) {
	rule := strings.Repeat("#", 80)
	fmt.Fprintf(b, "%s\n< NEW DISPLAYING WINDOW %s >\n%s\n", rule, w.name, rule)
	line := func(key, format string, args ...any) {
		fmt.Fprintf(b, "%s "+format+"\n", append([]any{key}, args...)...)
	}
	line("window_name", "%s", w.name)
	line("window_type", "single")
	line("window_id", "%d", id)
	line("window_position_x", "%d", 100)
	line("window_position_y", "%d", 100)
	line("window_width", "%d", 800)
	line("window_height", "%d", 300)
	line("window_comm_lines_enabled", "%t", w.comms)
	line("window_flags_enabled", "%t", false)
	// Code colour: each value (state, element) its own colour, the
	// states' from the .pcf's STATES_COLOR.
	line("window_noncolor_mode", "%t", true)
	line("window_logical_filtered", "%t", true)
	line("window_physical_filtered", "%t", false)
	line("window_comm_fromto", "%t", true)
	line("window_comm_tagsize", "%t", true)
	line("window_comm_typeval", "%t", true)
	line("window_units", "Nanoseconds")
	line("window_maximum_y", "%d.000000000000", w.maxY)
	line("window_minimum_y", "0.000000000000")
	line("window_compute_y_max", "%t", false)
	line("window_level", "thread")
	line("window_scale_relative", "1.000000000000")
	line("window_end_time_relative", "1.000000000000")
	line("window_object", "appl { 1, { All } }")
	line("window_begin_time_relative", "0.000000000000")
	line("window_open", "%t", true)
	line("window_drawmode", "draw_maximum")
	line("window_drawmode_rows", "draw_maximum")
	line("window_pixel_size", "1")
	line("window_labels_to_draw", "1")
	evtType := "All"
	if w.eventType != 0 {
		evtType = "="
	}
	fns := [][2]string{{"cpu", "Active Thd"}, {"appl", "Adding"}, {"task", "Adding"}, {"thread", w.thread},
		{"node", "Adding"}, {"system", "Adding"}, {"workload", "Adding"}, {"from_obj", "All"}, {"to_obj", "All"},
		{"tag_msg", "All"}, {"size_msg", "All"}, {"bw_msg", "All"}, {"evt_type", evtType}, {"evt_value", "All"}}
	line("window_selected_functions", "%s", braceList(fns))
	compose := [][2]string{{"compose_cpu", "As Is"}, {"compose_appl", "As Is"}, {"compose_task", "As Is"},
		{"compose_thread", "As Is"}, {"compose_node", "As Is"}, {"compose_system", "As Is"},
		{"compose_workload", "As Is"}, {"topcompose1", "As Is"}, {"topcompose2", "As Is"}}
	line("window_compose_functions", "%s", braceList(compose))
	if w.eventType != 0 {
		line("window_filter_module", "evt_type 1 %d", w.eventType)
		line("window_filter_module", "evt_type_label 1 %q", w.eventName)
	}
	b.WriteString("\n")
}

// braceList writes pairs as Paraver's "{ N, { {a, b}, ... } }".
func braceList(pairs [][2]string) string {
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = "{" + p[0] + ", " + p[1] + "}"
	}
	return fmt.Sprintf("{ %d, { %s } }", len(pairs), strings.Join(parts, ", "))
}
