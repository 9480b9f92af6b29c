package main

import (
	"fmt"
	"sort"
	"strings"

	"augur/internal/frontend/model"
)

// setFlag collects repeated --set NAME=VALUE.
type setFlag map[string]float64

func (s setFlag) String() string {
	var parts []string
	for k, v := range s {
		parts = append(parts, fmt.Sprintf("%s=%g", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (s setFlag) Set(v string) error {
	name, val, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", v)
	}
	x, err := model.ParseNumber(val)
	if err != nil {
		return fmt.Errorf("value of %s: %v", name, err)
	}
	s[name] = x
	return nil
}

// paramFlag collects repeated --set NAME=VALUE for a model's params: a
// number (units allowed, constant arithmetic computed) or an expression
// of pid and procs, which gives the param a value per process.
type paramFlag struct {
	vals       map[string]float64
	perProcess map[string]model.Expr
	text       map[string]string
}

func newParamFlag() *paramFlag {
	return &paramFlag{vals: map[string]float64{}, perProcess: map[string]model.Expr{}, text: map[string]string{}}
}

func (s *paramFlag) String() string {
	if s == nil {
		return ""
	}
	var parts []string
	for k, v := range s.text {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (s *paramFlag) Set(v string) error {
	name, val, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", v)
	}
	e, err := model.ParseExpr(val)
	if err != nil {
		return fmt.Errorf("value of %s: %v", name, err)
	}
	delete(s.vals, name)
	delete(s.perProcess, name)
	s.text[name] = strings.TrimSpace(val)
	if x, ok := model.Fold(e); ok {
		s.vals[name] = x
		return nil
	}
	if err := model.CheckProcessValue(e); err != nil {
		return fmt.Errorf("value of %s %v: a value is a number (units allowed: 12ms, 8KiB) or an expression of pid, procs, nodes and threads, which gives each process its own (1-pid)", name, err)
	}
	s.perProcess[name] = e
	return nil
}
