// /jmx: RegionLab's region-server metrics in the shape of HBase's
// JMXJsonServlet ({"beans":[{"name":..., "modelerType":..., "tag.*":...,
// metrics...}]}), under HBase's bean and attribute names, so tools that read
// a region server's /jmx read RegionLab too.
//
// The embedded cluster is one process, so it answers as one region server:
// sub=Server sums RegionLab's region servers, sub=Regions and sub=Tables list
// every online region and table, sub=WAL the write-ahead logs; name=REST
// counts the gateway's requests. Only figures RegionLab measures are
// emitted (an attribute HBase has and RegionLab does not measure is absent,
// never zero); docs/rest-gateway.md lists them.
//
// Parameters as HBase's servlet: qry (an ObjectName pattern, "*:*" by
// default: "domain:key=value,...[,*]" with '*' and '?' wildcards), get
// (BEAN::ATTRIBUTE, or comma-separated regular expressions when it holds a
// '*'), excl (HBase 2.6) and callback (JSONP, [A-Za-z0-9_]+).
//
// Thread-safety: a pure function of the cluster's sample.
#pragma once

#include <string>

#include "regionlab/cluster.h"
#include "rest/rest_message.h"
#include "rest/rest_service.h"
#include "rest/url_codec.h"

namespace regionlab::rest {

RestResponse JmxResponse(const ClusterSample& sample, const RestStats& rest_stats,
                         const QueryParams& params);

// JMX ObjectName pattern matching (javax.management.ObjectName.apply) for
// the names this servlet has; false for a malformed pattern.
bool ObjectNameMatches(const std::string& pattern, const std::string& name);

}  // namespace regionlab::rest
