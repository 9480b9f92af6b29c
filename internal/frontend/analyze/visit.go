package analyze

import (
	"reflect"

	"modernc.org/cc/v4"
)

var (
	nodeType  = reflect.TypeOf((*cc.Node)(nil)).Elem()
	tokenType = reflect.TypeOf(cc.Token{})
)

// visit calls f for n and, while f returns true, for every node below it
// in source order. cc/v4 has no walker of its own; its nodes are structs
// whose exported fields hold their children.
func visit(n cc.Node, f func(cc.Node) bool) {
	v := reflect.ValueOf(n)
	if !v.IsValid() || (v.Kind() == reflect.Pointer && v.IsNil()) {
		return
	}
	if !f(n) {
		return
	}
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || sf.Anonymous || sf.Type == tokenType {
			continue
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.Pointer, reflect.Interface:
			if fv.IsNil() || !fv.Type().Implements(nodeType) && fv.Kind() != reflect.Interface {
				continue
			}
			if c, ok := fv.Interface().(cc.Node); ok {
				visit(c, f)
			}
		}
	}
}
