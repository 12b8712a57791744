// CANN's platform description type (metadef's platform/platform_infos_def.h), which op tiling code
// and some kernel headers include (ops-transformer's interleave_rope): the type, opaque, as
// PlatformAscendC takes it (tiling/platform/platform_ascendc.h).
#ifndef SK_ASCENDC_PLATFORM_INFOS_DEF_H
#define SK_ASCENDC_PLATFORM_INFOS_DEF_H
namespace fe {
class PlatFormInfos;
}  // namespace fe
#endif
