/* CANN splits its runtime API (aclrt*) into acl/acl_rt.h, which programs may include alone; here
 * the runtime API is declared in acl/acl.h (docs/acl_api.md). */
#ifndef SK_ACL_ACL_RT_H
#define SK_ACL_ACL_RT_H
#include "acl/acl.h"
#endif
