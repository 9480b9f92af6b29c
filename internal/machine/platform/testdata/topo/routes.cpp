#include <simgrid/s4u.hpp>
#include <cstdio>
#include <set>
namespace sg4 = simgrid::s4u;
int main(int argc, char** argv) {
  sg4::Engine e(&argc, argv);
  e.load_platform(argv[1]);
  auto hosts = e.get_all_hosts();
  std::sort(hosts.begin(), hosts.end(), [](sg4::Host* a, sg4::Host* b){ return a->get_name() < b->get_name(); });
  std::set<std::string> seen;
  std::vector<sg4::Link*> all;
  for (auto* a : hosts) for (auto* b : hosts) {
    std::vector<sg4::Link*> links; double lat = 0;
    a->route_to(b, links, &lat);
    printf("%s %s %.9g", a->get_cname(), b->get_cname(), lat);
    for (auto* l : links) { printf(" %s", l->get_cname()); if (seen.insert(l->get_name()).second) all.push_back(l); }
    printf("\n");
  }
  std::sort(all.begin(), all.end(), [](sg4::Link* a, sg4::Link* b){ return a->get_name() < b->get_name(); });
  for (auto* l : all)
    printf("link %s %.9g %.9g %d\n", l->get_cname(), l->get_bandwidth(), l->get_latency(), (int)l->get_sharing_policy());
}
