package table

import (
	"strings"
	"testing"

	"augur/internal/results"
)

// Write flattens a document by the rules of docs/output.md ("CSV"):
// the summary's own fields, a row per record with its parent's keys,
// nested objects as a_b, lists of scalars as their JSON, null empty,
// numbers as the JSON writes them, lists marked JSON only left out.
func TestWrite(t *testing.T) {
	type item struct {
		Name  string    `json:"name"`
		Value float64   `json:"value_s"`
		Parts []float64 `json:"parts"`
	}
	type group struct {
		Key   string `json:"key"`
		Items []item `json:"items"`
		Notes []item `json:"notes"`
	}
	doc := struct {
		results.Header
		Time     float64            `json:"time_s"`
		Params   map[string]float64 `json:"params"`
		Deadlock *struct {
			At float64 `json:"time_s"`
		} `json:"deadlock"`
		Warnings []string `json:"warnings"`
		Groups   []group  `json:"groups"`
	}{
		Header: results.NewHeader(results.CommandPredict), Time: 194.18443184713374, Params: map[string]float64{"NAT": 64, "B": 1e-7},
		Warnings: []string{`a "b", c`},
		Groups: []group{
			{Key: "g1", Items: []item{{"x", 0.1, []float64{1, 2.5}}, {"y", 3, nil}}, Notes: []item{{"n", 1, nil}}},
			{Key: "g2", Items: []item{{"z", 1e21, []float64{}}}},
		},
	}
	var b strings.Builder
	err := Write(&b, doc, results.TableSpec{Summary: "summary",
		Records:  []results.TableRecord{{Name: "group", Path: "groups"}, {Name: "item", Path: "groups[].items", Keys: []string{"key"}}},
		JSONOnly: []string{"groups[].notes"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `record,command,schema_version,time_s,params_B,params_NAT,deadlock,warnings,key,name,value_s,parts
summary,predict,3,194.18443184713374,1e-7,64,,"[""a \""b\"", c""]",,,,
group,,,,,,,,g1,,,
group,,,,,,,,g2,,,
item,,,,,,,,g1,x,0.1,"[1,2.5]"
item,,,,,,,,g1,y,3,
item,,,,,,,,g2,z,1e+21,[]
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
