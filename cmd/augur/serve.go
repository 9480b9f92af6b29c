package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"augur/internal/workbench/serve"
	"augur/internal/workbench/web"
)

type serveFlags struct {
	addr       *string
	dir        *string
	maxRunTime *time.Duration
	maxBody    *int64
	parallel   *int
	queue      *int
}

func newServeFlags(fs *flag.FlagSet) *serveFlags {
	return &serveFlags{
		addr:       fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`; the default answers this machine only (port 0 picks a free one)"),
		dir:        fs.String("dir", ".", "the workspace `FOLDER`: the workbench reads and writes files only inside it"),
		maxRunTime: fs.Duration("max-run-time", 2*time.Minute, "stop a run or sweep after `D` of wall time"),
		maxBody:    fs.Int64("max-body", 4<<20, "refuse requests larger than `BYTES`"),
		parallel:   fs.Int("parallel", 2, "run at most `N` simulations at once (more wait their turn)"),
		queue:      fs.Int("queue", 16, "let at most `N` runs and sweeps wait or run at once; more are refused (429) until one ends"),
	}
}

func serveCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newServeFlags(fs) },
		name:    "serve",
		summary: "run the browser workbench on this machine",
		usage:   "[--addr 127.0.0.1:8080] [--dir WORKSPACE] [flags]",
		help: `Serves the workbench, a web page to edit a model (highlighting, live
diagnostics, its UML activity diagram), run it on a machine of the
workspace, cancel it, and read the results: time per process, a pie of one
process, a sortable element table, a zoomable timeline, and sweeps over
process counts or a parameter comparing two models. Results of augur
simulate and augur replay open in the same views. Everything the page
needs is inside the augur binary.

By default it listens on 127.0.0.1 only: other machines cannot connect.
It reads and writes files only inside the workspace folder (--dir, default
the current one), bounds request sizes, run times and the runs waiting
(--queue), and refuses requests made by other web sites or opaque
origins. See docs/workbench.md.`,
	}
	c.run = func(e *env, args []string) int {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return runServe(ctx, e, c, args, nil)
	}
	return c
}

// runServe serves until ctx ends. ready, if set, receives the address
// once listening (tests use port 0).
func runServe(ctx context.Context, e *env, c *command, args []string, ready func(addr string)) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	sf := newServeFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "augur serve: takes no arguments (the workspace is --dir FOLDER)\n")
		return exitUsage
	}
	if *sf.maxRunTime <= 0 || *sf.maxBody <= 0 || *sf.parallel <= 0 || *sf.queue <= 0 {
		fmt.Fprintf(e.stderr, "augur serve: --max-run-time, --max-body, --parallel and --queue must be positive\n")
		return exitUsage
	}
	if _, _, err := net.SplitHostPort(*sf.addr); err != nil {
		fmt.Fprintf(e.stderr, "augur serve: --addr %q: want HOST:PORT, e.g. 127.0.0.1:8080\n", *sf.addr)
		return exitUsage
	}
	if st, err := os.Stat(*sf.dir); err != nil || !st.IsDir() {
		fmt.Fprintf(e.stderr, "augur serve: --dir %s: not a folder\n", *sf.dir)
		return exitInput
	}
	srv, err := serve.New(serve.Config{
		Dir: *sf.dir, Assets: web.FS(), MaxBody: *sf.maxBody, MaxRunTime: *sf.maxRunTime,
		Parallel: *sf.parallel, Queue: *sf.queue, Version: version,
	})
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("serve", err))
		return exitInput
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *sf.addr)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("serve", err))
		return exitInput
	}
	addr := ln.Addr().String()
	fmt.Fprintf(e.stdout, "augur workbench: http://%s/\nworkspace: %s (files are read and written only inside it)\n", addr, srv.Workspace())
	if serve.IsLoopback(*sf.addr) {
		fmt.Fprintf(e.stdout, "listening on loopback only: other machines cannot connect\n")
	} else {
		fmt.Fprintf(e.stdout, "WARNING: listening on %s, not loopback: anyone who can reach this address can run models and read and write files in the workspace\n", addr)
	}
	fmt.Fprintf(e.stdout, "press Ctrl-C to stop\n")
	if ready != nil {
		ready(addr)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(e.stderr, errorText("serve", err))
			return exitInput
		}
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
		fmt.Fprintf(e.stdout, "stopped\n")
	}
	return exitOK
}
