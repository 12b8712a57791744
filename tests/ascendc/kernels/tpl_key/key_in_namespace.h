// -include'd by the corpus case tpl_scale_key_in_namespace (tpl_scale_key.h).
#define TPL_SCALE_KEY_IN_NAMESPACE 1
