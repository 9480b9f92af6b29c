/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 3 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_3.c
 * Seed:      3
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
union U0 {
   const uint32_t  f0;
};

union U1 {
   uint32_t  f0;
   unsigned f1 : 14;
   unsigned f2 : 14;
   int32_t  f3;
};

union U2 {
   int8_t  f0;
   int32_t  f1;
   uint16_t  f2;
   int8_t * volatile  f3;
};

/* --- GLOBAL VARIABLES --- */
static int64_t g_2[2] = {0x63F9E923E64F1479LL,0x63F9E923E64F1479LL};
static int32_t g_6 = 0x00F68029L;
static volatile int32_t g_12 = 8L;/* VOLATILE GLOBAL g_12 */
static int32_t g_13 = (-1L);
static uint32_t g_14 = 18446744073709551615UL;
static int8_t g_23 = 0L;
static uint16_t g_25 = 0UL;
static uint16_t *g_37[2] = {&g_25,&g_25};
static union U1 g_39[1] = {{0x26C5F514L}};
static uint64_t g_60 = 0UL;
static uint64_t g_63 = 18446744073709551609UL;
static volatile union U0 g_72 = {0xDE3B0BABL};/* VOLATILE GLOBAL g_72 */
static volatile union U0 * volatile g_71 = &g_72;/* VOLATILE GLOBAL g_71 */
static union U0 g_74 = {0x37C488B1L};
static int32_t g_80 = 0x11ED7A4DL;
static int32_t * volatile g_79 = &g_80;/* VOLATILE GLOBAL g_79 */
static int32_t *g_83 = (void*)0;
static int32_t ** volatile g_82 = &g_83;/* VOLATILE GLOBAL g_82 */
static uint8_t g_86 = 0x2CL;
static int16_t g_109 = 0xBA90L;
static int32_t g_111 = 0xAF6034A1L;
static int32_t ** volatile *g_115 = (void*)0;
static int32_t ** volatile ** volatile g_114 = &g_115;/* VOLATILE GLOBAL g_114 */
static union U2 g_116 = {-1L};/* VOLATILE GLOBAL g_116 */
static uint32_t g_120[1] = {0xB5A0E2D0L};
static uint32_t g_142 = 0UL;
static union U2 g_148[4][2] = {{{1L},{1L}},{{1L},{1L}},{{1L},{1L}},{{1L},{1L}}};
static int64_t g_160 = 1L;
static int32_t * volatile g_162 = (void*)0;/* VOLATILE GLOBAL g_162 */
static union U2 *g_166[3] = {&g_148[0][1],&g_148[0][1],&g_148[0][1]};
static union U2 ** volatile g_165[2][2] = {{&g_166[2],&g_166[2]},{&g_166[2],&g_166[2]}};
static int32_t * volatile g_173 = (void*)0;/* VOLATILE GLOBAL g_173 */
static volatile union U2 g_185 = {8L};/* VOLATILE GLOBAL g_185 */
static uint8_t g_189 = 0UL;
static uint8_t * volatile g_188 = &g_189;/* VOLATILE GLOBAL g_188 */
static union U2 g_190[4] = {{3L},{3L},{3L},{3L}};
static union U2 ** volatile g_192 = &g_166[2];/* VOLATILE GLOBAL g_192 */
static volatile uint64_t g_211 = 0x3D5EF6D631EF28FALL;/* VOLATILE GLOBAL g_211 */
static volatile union U2 g_225[1] = {{0x9AL}};
static union U2 g_231[1] = {{-2L}};
static const union U2 *g_264 = (void*)0;
static const union U2 **g_263 = &g_264;
static int32_t * volatile g_277 = &g_6;/* VOLATILE GLOBAL g_277 */
static union U1 *g_278 = &g_39[0];
static volatile uint64_t g_310 = 0x3E0D74FEB7405046LL;/* VOLATILE GLOBAL g_310 */
static int32_t ** volatile g_314 = &g_83;/* VOLATILE GLOBAL g_314 */
static union U0 g_320 = {4UL};
static union U0 *g_319 = &g_320;
static union U0 g_325 = {18446744073709551607UL};
static const union U2 g_326 = {0L};/* VOLATILE GLOBAL g_326 */
static union U1 **g_339[4] = {(void*)0,(void*)0,(void*)0,(void*)0};
static union U1 ***g_338[4][3] = {{&g_339[3],&g_339[0],&g_339[3]},{&g_339[0],&g_339[0],&g_339[0]},{&g_339[3],&g_339[0],&g_339[3]},{&g_339[0],&g_339[0],&g_339[0]}};
static union U1 ***g_341 = (void*)0;
static uint32_t *g_353 = &g_120[0];
static uint32_t ** volatile g_352[1][4] = {{&g_353,&g_353,&g_353,&g_353}};
static volatile union U2 g_417 = {0L};/* VOLATILE GLOBAL g_417 */


/* --- FORWARD DECLARATIONS --- */
static int32_t  func_1(void);
static union U0 * func_29(const uint64_t  p_30, int64_t * p_31, uint32_t  p_32, union U1  p_33, uint16_t * p_34);
static union U2  func_44(int32_t * const  p_45, const int8_t  p_46);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_14 g_12 g_6 g_13 g_37 g_23 g_39 g_2 g_63 g_71 g_39.f2 g_39.f1 g_79 g_80 g_82 g_86 g_74 g_109 g_25 g_60 g_114 g_116 g_120 g_39.f3 g_142 g_148 g_231 g_74.f0 g_83 g_188 g_189 g_263 g_277 g_160 g_264 g_111 g_148.f0 g_310 g_314 g_116.f0 g_326 g_278 g_338 g_326.f0 g_352 g_353 g_231.f0 g_225.f0 g_417 g_39.f0
 * writes: g_14 g_25 g_6 g_23 g_60 g_63 g_13 g_80 g_83 g_86 g_109 g_2 g_111 g_115 g_120 g_142 g_160 g_148.f0 g_278 g_116.f1 g_310 g_166 g_319 g_338 g_341 g_352
 */
static int32_t  func_1(void)
{ /* block id: 0 */
    int16_t l_3[1];
    int32_t *l_4 = (void*)0;
    int32_t *l_5 = &g_6;
    int32_t l_7 = 0x1E9C96C7L;
    int32_t *l_8 = (void*)0;
    int32_t *l_9 = (void*)0;
    int32_t *l_10[4][4] = {{&l_7,&g_6,&l_7,&g_6},{&l_7,&g_6,&l_7,&g_6},{&l_7,&g_6,&l_7,&g_6},{&l_7,&g_6,&l_7,&g_6}};
    int32_t l_11 = 0x94BB489FL;
    int8_t *l_22 = &g_23;
    uint16_t *l_24 = &g_25;
    int64_t *l_26 = (void*)0;
    int64_t *l_27 = (void*)0;
    int64_t *l_28[2];
    union U0 *l_324 = &g_325;
    int32_t **l_333[4][1];
    int32_t ***l_332[2][3] = {{(void*)0,&l_333[3][0],(void*)0},{(void*)0,&l_333[3][0],(void*)0}};
    int32_t ****l_331 = &l_332[1][1];
    uint8_t l_382 = 6UL;
    uint64_t l_394[3];
    uint32_t l_396 = 0x0304F4B4L;
    uint16_t l_397 = 1UL;
    int16_t l_398 = 0x3C34L;
    int32_t l_416[3][2] = {{(-7L),(-4L)},{(-4L),(-7L)},{(-4L),(-4L)}};
    uint64_t l_425 = 0xB663A3BC37A10379LL;
    int8_t l_463 = (-1L);
    uint16_t l_464 = 0xDA62L;
    uint32_t l_485 = 2UL;
    int32_t l_509[4];
    int i, j;
    for (i = 0; i < 1; i++)
        l_3[i] = 0x81CEL;
    for (i = 0; i < 2; i++)
        l_28[i] = &g_2[0];
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 1; j++)
            l_333[i][j] = &l_10[1][3];
    }
    for (i = 0; i < 3; i++)
        l_394[i] = 0x2C0D692D6A2865CCLL;
    for (i = 0; i < 4; i++)
        l_509[i] = 7L;
    g_14--;
    if ((safe_sub_func_uint64_t_u_u(g_12, ((*l_5) = (safe_lshift_func_uint16_t_u_u((*l_5), ((((*l_24) = (+((void*)0 != l_22))) || 0UL) | 0x01E0L)))))))
    { /* block id: 4 */
        int32_t *l_38[1];
        int i;
        for (i = 0; i < 1; i++)
            l_38[i] = &l_7;
        g_319 = func_29(g_13, ((safe_mul_func_uint16_t_u_u(((*l_24) = ((g_37[1] == &g_25) || ((&g_6 != l_38[0]) < g_23))), (-1L))) , (void*)0), g_14, g_39[0], l_24);
    }
    else
    { /* block id: 148 */
        union U0 **l_323[2];
        int32_t **l_329[2];
        int32_t ***l_328 = &l_329[0];
        int32_t ****l_327 = &l_328;
        int32_t *****l_330 = &l_327;
        int32_t *****l_334 = &l_331;
        int64_t l_362 = 0x96D5B11FA2226192LL;
        int32_t *l_384[1];
        int32_t l_395[3][1];
        uint16_t l_410 = 1UL;
        int32_t l_422 = 0L;
        int32_t *l_428[3];
        uint64_t l_451 = 0x34898ECB908F129ELL;
        uint64_t l_454 = 0x42486D65F0234472LL;
        uint16_t l_479 = 0UL;
        int i, j;
        for (i = 0; i < 2; i++)
            l_323[i] = &g_319;
        for (i = 0; i < 2; i++)
            l_329[i] = (void*)0;
        for (i = 0; i < 1; i++)
            l_384[i] = &g_148[0][0].f1;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 1; j++)
                l_395[i][j] = 0xC9C4A044L;
        }
        for (i = 0; i < 3; i++)
            l_428[i] = &g_80;
        if ((safe_add_func_uint8_t_u_u(((l_324 = &g_320) == (g_326 , func_29((((*l_330) = l_327) == ((*l_334) = l_331)), l_27, g_2[1], (*g_278), l_24))), g_74.f0)))
        { /* block id: 152 */
            uint64_t l_335 = 9UL;
            ++l_335;
        }
        else
        { /* block id: 154 */
            union U1 ****l_340 = &g_338[0][0];
            union U1 ***l_343 = &g_339[0];
            union U1 ****l_342 = &l_343;
            int32_t l_348 = 0x45C02AA0L;
            union U0 **l_351 = &l_324;
            int32_t l_363 = 0x84BF4C25L;
            const int64_t l_383[3] = {1L,1L,1L};
            int i;
            (*l_5) &= ((*g_79) = ((g_341 = ((*l_340) = g_338[3][2])) != ((*l_342) = &g_339[0])));
            if ((safe_sub_func_int64_t_s_s((safe_rshift_func_uint16_t_u_u(l_348, (g_326.f0 , (safe_lshift_func_uint16_t_u_u(0x3863L, (((void*)0 == l_351) || (*g_188))))))), g_80)))
            { /* block id: 160 */
                g_352[0][1] = g_352[0][2];
            }
            else
            { /* block id: 162 */
                (*g_314) = (*g_82);
            }
            l_363 |= ((safe_mod_func_uint64_t_u_u(18446744073709551614UL, (safe_add_func_uint8_t_u_u((safe_sub_func_int16_t_s_s(((-3L) >= ((safe_add_func_uint32_t_u_u(((l_362 || (*g_79)) || l_348), l_348)) <= 18446744073709551607UL)), g_2[1])), l_348)))) || g_310);
            for (l_7 = 13; (l_7 <= (-30)); --l_7)
            { /* block id: 168 */
                uint32_t l_366 = 0x8928B453L;
                int32_t l_374 = 4L;
                l_366 = (l_348 = (*g_79));
                l_363 ^= (safe_mul_func_int16_t_s_s((0xDDL ^ (-1L)), ((l_348 && l_366) & (*g_353))));
                l_348 = (!(safe_lshift_func_int8_t_s_s((safe_div_func_uint8_t_u_u(((((*g_353) = l_374) || ((safe_add_func_int32_t_s_s((!(safe_mod_func_uint32_t_u_u(((0xA433A4AB18D38731LL >= g_231[0].f0) < (safe_lshift_func_uint16_t_u_u(((*l_5) , l_382), 5))), 4UL))), l_366)) < l_383[1])) > 0x908EL), (*g_188))), 0)));
                if (l_363)
                    break;
            }
        }
        l_384[0] = ((*g_314) = (*g_314));
        if (((*l_5) = ((0xFA02BC48L && ((!(safe_mod_func_int32_t_s_s((((*l_24) = ((safe_add_func_int32_t_s_s((*l_5), (((safe_mod_func_uint64_t_u_u((safe_sub_func_int8_t_s_s(l_394[2], (&g_115 == &l_332[1][1]))), 1UL)) > l_395[1][0]) != l_396))) != (*g_277))) , l_397), (*g_353)))) || g_160)) || l_398)))
        { /* block id: 181 */
            int8_t l_407 = 0x5FL;
            int32_t l_408 = 0L;
            int32_t l_409 = 2L;
            int8_t l_413 = 0x34L;
            union U1 **l_418 = &g_278;
            int32_t l_453 = 0xFA9DFD73L;
            for (g_80 = 2; (g_80 >= 0); g_80 -= 1)
            { /* block id: 184 */
                int i;
                l_408 ^= (safe_rshift_func_int16_t_s_u((safe_lshift_func_uint16_t_u_s(0x3BCDL, 14)), (((safe_sub_func_int8_t_s_s(((*l_22) ^= ((safe_lshift_func_int16_t_s_s(l_394[g_80], 7)) == 0x5AL)), l_407)) >= l_394[g_80]) && 0x9A40L)));
                if ((*g_79))
                    break;
                ++l_410;
            }
            (*l_5) |= (l_409 ^ ((((((l_413 ^ ((g_120[0] , ((((*l_24) = (safe_add_func_int8_t_s_s(l_413, 8L))) >= 0x5CE2L) <= l_416[0][0])) , g_225[0].f0)) , g_417) , (void*)0) != &g_23) | g_2[1]) ^ 1L));
            if (((void*)0 == l_418))
            { /* block id: 192 */
                uint32_t l_419 = 0UL;
                int32_t l_423 = (-1L);
                int32_t l_424[3][4] = {{0xC8695750L,0x74F3D4FCL,0xC8695750L,0xD268F880L},{0xC8695750L,0xD268F880L,0xD268F880L,0xC8695750L},{0x18704473L,0xD268F880L,(-6L),0xD268F880L}};
                int32_t *l_429[1][2];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_429[i][j] = &l_7;
                }
                l_419++;
                l_425--;
                l_429[0][1] = l_428[1];
            }
            else
            { /* block id: 196 */
                return g_39[0].f0;
            }
            for (l_397 = 0; (l_397 != 30); l_397 = safe_add_func_uint8_t_u_u(l_397, 5))
            { /* block id: 201 */
                uint64_t *l_432 = &l_394[2];
                int32_t l_442 = (-1L);
                int32_t l_452[4] = {0x9C1852A7L,0x9C1852A7L,0x9C1852A7L,0x9C1852A7L};
                int i;
                (*l_5) ^= (l_442 = ((((*l_432)++) != ((void*)0 != l_9)) <= ((+(safe_sub_func_int16_t_s_s(((safe_add_func_int32_t_s_s(((18446744073709551606UL != (safe_rshift_func_uint8_t_u_s((l_442 , (*g_188)), 7))) | g_189), l_442)) & l_408), l_442))) >= l_442)));
                l_452[2] |= ((((safe_sub_func_uint16_t_u_u(((safe_mod_func_int16_t_s_s(((l_413 & (safe_div_func_int16_t_s_s(g_12, ((safe_rshift_func_uint8_t_u_u(0x54L, 6)) , l_442)))) & 0x8AL), l_442)) < 0xACA9A606L), l_451)) , (*l_5)) >= g_86) ^ g_109);
                l_454--;
                return g_326.f0;
            }
        }
        else
        { /* block id: 209 */
            union U1 l_457 = {3UL};
            int32_t l_459 = 0x46F83344L;
            uint32_t l_481 = 3UL;
            int8_t l_484 = 1L;
            l_459 = (l_457 , ((safe_unary_minus_func_uint8_t_u(0x23L)) != l_457.f3));
            for (g_6 = 24; (g_6 <= (-9)); g_6 = safe_sub_func_uint8_t_u_u(g_6, 3))
            { /* block id: 213 */
                int32_t l_462[3][3] = {{1L,1L,1L},{(-1L),(-1L),(-1L)},{1L,1L,1L}};
                uint8_t *l_480 = &l_382;
                int32_t l_482 = 0x8507E8EEL;
                int16_t *l_483[3][4] = {{&l_398,&l_398,&l_398,&l_398},{&l_398,&l_398,&l_398,&l_398},{&l_398,&l_398,&l_398,&l_398}};
                int i, j;
                ++l_464;
                l_485 |= (((g_109 &= ((safe_lshift_func_int16_t_s_u(((l_462[0][0] = 5L) <= (l_459 < (safe_lshift_func_int16_t_s_u((l_484 &= (safe_sub_func_uint16_t_u_u((safe_rshift_func_int16_t_s_u(((((*g_353) = ((safe_mod_func_uint8_t_u_u((*g_188), (((((((((*l_480) = l_479) , g_39[0].f2) , g_142) & l_481) && l_482) ^ g_39[0].f2) || 3UL) && (*g_353)))) == g_326.f0)) | 0xE57DFFF5L) ^ l_457.f1), l_482)), 0x1872L))), 4)))), 11)) & 0x7D114663L)) & 1L) ^ l_482);
            }
            l_459 ^= (safe_div_func_int64_t_s_s(((safe_add_func_int64_t_s_s((0UL & (253UL == (safe_div_func_int8_t_s_s(0x5AL, ((safe_add_func_uint8_t_u_u(((*l_5) != 0x93758207DC29CD51LL), (*g_188))) ^ g_120[0]))))), g_80)) , g_86), (-1L)));
        }
    }
    for (l_396 = 25; (l_396 != 53); l_396 = safe_add_func_int32_t_s_s(l_396, 2))
    { /* block id: 227 */
        int32_t l_496 = 0x05302295L;
        int32_t *l_508 = &g_116.f1;
        (*l_5) &= 1L;
        if (l_496)
            continue;
        for (g_142 = (-18); (g_142 < 47); ++g_142)
        { /* block id: 232 */
            int32_t l_503 = 6L;
            (*l_5) ^= (l_496 || (((((((safe_add_func_uint32_t_u_u(0x6DEA1243L, ((safe_mod_func_uint16_t_u_u(l_503, (safe_sub_func_uint8_t_u_u((safe_add_func_int32_t_s_s(((void*)0 == &g_189), 0x9654131DL)), 0x8DL)))) && g_326.f0))) >= g_225[0].f0) >= l_503) & 1UL) , l_496) == 0xC936L) & (-1L)));
            l_508 = (*g_314);
            (*l_5) = l_509[2];
        }
    }
    return g_39[0].f2;
}


/* ------------------------------------------ */
/* 
 * reads : g_2 g_12 g_6 g_63 g_71 g_39.f2 g_39.f1 g_79 g_80 g_82 g_86 g_74 g_109 g_13 g_14 g_25 g_60 g_114 g_116 g_120 g_23 g_39.f3 g_142 g_148 g_231 g_74.f0 g_83 g_188 g_189 g_263 g_277 g_160 g_264 g_111 g_148.f0 g_310 g_314 g_116.f0
 * writes: g_6 g_23 g_60 g_63 g_13 g_80 g_83 g_86 g_109 g_2 g_111 g_115 g_120 g_142 g_160 g_148.f0 g_14 g_278 g_116.f1 g_310 g_166
 */
static union U0 * func_29(const uint64_t  p_30, int64_t * p_31, uint32_t  p_32, union U1  p_33, uint16_t * p_34)
{ /* block id: 6 */
    int64_t l_47[3][1];
    uint32_t l_232 = 0xBEF523E0L;
    int8_t *l_233 = &g_148[0][0].f0;
    int32_t * const ***l_242 = (void*)0;
    int32_t *l_246 = &g_148[0][0].f1;
    union U0 *l_258 = &g_74;
    const union U2 **l_266 = (void*)0;
    int32_t l_276 = 0xA1B219C8L;
    int16_t l_302 = 1L;
    int32_t l_303 = (-1L);
    int32_t l_304 = 0L;
    int32_t l_305 = 0x6A1F0ADBL;
    int32_t l_306 = 0x157B272CL;
    int32_t l_307 = 0xE39DC0D1L;
    int32_t l_308[4][1] = {{1L},{6L},{1L},{6L}};
    int32_t *l_318[1][4] = {{(void*)0,(void*)0,(void*)0,(void*)0}};
    int i, j;
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 1; j++)
            l_47[i][j] = 0x8EFE572DBE4212CFLL;
    }
lbl_315:
    if ((1UL & (((safe_div_func_uint16_t_u_u((safe_mul_func_int8_t_s_s(((*l_233) = (func_44(&g_6, ((((8UL == p_33.f1) || g_2[0]) , l_47[0][0]) , l_47[1][0])) , l_232)), g_74.f0)), 0xD29FL)) < p_33.f3) && g_2[1])))
    { /* block id: 99 */
        int32_t **l_245 = &g_83;
        int32_t ***l_244 = &l_245;
        int32_t *** const *l_243[4][4] = {{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0}};
        uint32_t l_256 = 0x0F530CF1L;
        int i, j;
        for (g_14 = 0; (g_14 <= 0); g_14 += 1)
        { /* block id: 102 */
            uint16_t l_237 = 0UL;
            int32_t * const *l_240 = &g_83;
            int32_t * const **l_239 = &l_240;
            int32_t * const ***l_238[3][1];
            int32_t * const ****l_241[2][3] = {{&l_238[2][0],&l_238[2][0],(void*)0},{&l_238[2][0],&l_238[2][0],(void*)0}};
            int8_t l_257[2][3] = {{(-10L),(-10L),(-10L)},{0xA2L,0xA2L,0xA2L}};
            int i, j;
            for (i = 0; i < 3; i++)
            {
                for (j = 0; j < 1; j++)
                    l_238[i][j] = &l_239;
            }
            if ((~((65535UL < (l_237 == ((l_242 = l_238[2][0]) != l_243[3][0]))) > g_109)))
            { /* block id: 104 */
                l_246 = (***l_242);
                return &g_74;
            }
            else
            { /* block id: 107 */
                int64_t l_252[2][4] = {{7L,7L,7L,7L},{7L,7L,7L,7L}};
                int64_t *l_253 = (void*)0;
                int64_t *l_254[1];
                int32_t l_255 = 0x20CAB86EL;
                int i, j;
                for (i = 0; i < 1; i++)
                    l_254[i] = &g_2[1];
                l_257[1][1] &= (((*g_188) ^ ((~(g_25 & (safe_lshift_func_uint16_t_u_u(65534UL, 4)))) & (safe_mod_func_uint16_t_u_u((((((l_255 &= (g_160 = (g_86 == l_252[1][2]))) < p_32) < p_33.f0) > l_252[1][2]) && 2L), l_256)))) >= 0x502B8A2F40358BF6LL);
                return l_258;
            }
        }
    }
    else
    { /* block id: 114 */
        const union U2 ***l_265[1][1];
        int32_t l_267 = (-8L);
        uint32_t *l_272 = &g_120[0];
        int32_t l_275 = 0x8DAFD29CL;
        int32_t *l_290 = &g_116.f1;
        int32_t *l_291 = &g_111;
        const uint32_t l_292 = 18446744073709551615UL;
        int16_t *l_293 = &g_109;
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 1; j++)
                l_265[i][j] = &g_263;
        }
        (*g_277) = (l_276 ^= (l_275 = ((safe_lshift_func_int16_t_s_s((safe_add_func_int8_t_s_s(((*l_233) = (l_267 = (&g_166[0] == (l_266 = g_263)))), (safe_rshift_func_uint8_t_u_u(248UL, 4)))), ((safe_mod_func_uint32_t_u_u(((*l_272)++), (18446744073709551609UL ^ 0xF89D9CF70450DAB8LL))) & l_275))) > l_275)));
        g_278 = &p_33;
        (*l_290) = (((safe_rshift_func_int16_t_s_s(((*l_293) &= (safe_add_func_uint64_t_u_u(((~(*g_277)) != ((safe_add_func_int32_t_s_s(((safe_mod_func_uint64_t_u_u(l_275, (((*l_291) |= (safe_lshift_func_uint16_t_u_s((g_160 & ((void*)0 == (*g_263))), g_14))) | p_32))) >= l_267), l_292)) ^ g_148[0][0].f0)), p_33.f1))), 3)) || 1L) < 0xA24DL);
    }
    for (g_14 = 0; (g_14 <= 1); g_14 += 1)
    { /* block id: 129 */
        int32_t *l_294 = &g_111;
        int32_t l_295 = (-7L);
        int32_t *l_296 = &g_111;
        int32_t *l_297 = &l_295;
        int32_t *l_298 = &g_6;
        int32_t *l_299 = (void*)0;
        int32_t *l_300 = (void*)0;
        int32_t *l_301[4][3];
        int32_t l_309 = 0x409AEBDDL;
        int32_t *l_313 = (void*)0;
        int i, j;
        for (i = 0; i < 4; i++)
        {
            for (j = 0; j < 3; j++)
                l_301[i][j] = &g_116.f1;
        }
        --g_310;
        (*g_314) = l_313;
        (*l_298) = (-1L);
        for (g_60 = 0; (g_60 <= 0); g_60 += 1)
        { /* block id: 135 */
            (*l_296) = 0x686A528BL;
            for (g_310 = 0; g_310 < 3; g_310 += 1)
            {
                g_166[g_310] = (void*)0;
            }
            for (g_111 = 0; (g_111 >= 0); g_111 -= 1)
            { /* block id: 140 */
                if (g_80)
                    goto lbl_315;
            }
        }
    }
    (*g_277) ^= (((((void*)0 == l_258) | (!0x4B0044499ECC58A9LL)) , ((safe_unary_minus_func_uint64_t_u(g_116.f0)) >= 0x25L)) , p_33.f1);
    return &g_74;
}


/* ------------------------------------------ */
/* 
 * reads : g_12 g_2 g_6 g_63 g_71 g_39.f2 g_39.f1 g_13 g_79 g_80 g_82 g_86 g_74 g_109 g_14 g_25 g_60 g_114 g_116 g_120 g_23 g_39.f3 g_142 g_148 g_231
 * writes: g_6 g_23 g_60 g_63 g_13 g_80 g_83 g_86 g_109 g_2 g_111 g_115 g_120 g_142 g_160
 */
static union U2  func_44(int32_t * const  p_45, const int8_t  p_46)
{ /* block id: 7 */
    uint32_t l_48 = 0xA038AA13L;
    union U0 *l_73 = &g_74;
    int32_t * const l_81 = &g_6;
    int32_t l_85[4][4] = {{0xD734B0E8L,0x3A51F895L,0xD734B0E8L,0x3A51F895L},{0xD734B0E8L,0x3A51F895L,0xD734B0E8L,0x3A51F895L},{0xD734B0E8L,0x3A51F895L,0xD734B0E8L,0x3A51F895L},{0xD734B0E8L,0x3A51F895L,0xD734B0E8L,0x3A51F895L}};
    int32_t l_135 = 0x30761BA6L;
    const int64_t * const l_157 = &g_2[1];
    int64_t *l_158 = &g_2[0];
    int64_t *l_159 = &g_160;
    int32_t *l_161 = (void*)0;
    int32_t *l_163 = &g_116.f1;
    union U2 *l_164 = (void*)0;
    uint16_t l_191 = 1UL;
    int64_t l_206 = 0x045BBC914B757B28LL;
    uint32_t l_219 = 0UL;
    int i, j;
    if (g_12)
    { /* block id: 8 */
        uint32_t l_49 = 0x7CE2A770L;
        if ((g_6 = (l_48 | g_2[0])))
        { /* block id: 10 */
            (*p_45) |= l_49;
        }
        else
        { /* block id: 12 */
            union U1 *l_50[1][1];
            union U1 **l_51 = (void*)0;
            int8_t *l_56 = &g_23;
            uint64_t *l_59 = &g_60;
            uint64_t *l_61 = (void*)0;
            uint64_t *l_62 = &g_63;
            int32_t l_64 = (-4L);
            int i, j;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 1; j++)
                    l_50[i][j] = &g_39[0];
            }
            l_50[0][0] = l_50[0][0];
            (*p_45) = ((safe_add_func_uint32_t_u_u((safe_mul_func_int8_t_s_s(((*l_56) = p_46), ((*p_45) < (((safe_lshift_func_int8_t_s_s((((*l_62) |= ((*l_59) = (((p_46 && l_48) < p_46) >= 0L))) , p_46), 2)) , 0x7FBC07B3L) | 1UL)))), l_64)) == l_64);
            (*p_45) ^= ((safe_mul_func_uint16_t_u_u(((safe_rshift_func_int16_t_s_s((safe_add_func_uint64_t_u_u(l_64, ((((((void*)0 != g_71) & (p_46 || l_64)) && 0L) , 0x6FL) <= p_46))), 13)) < p_46), 0xEE11L)) , 2L);
            (*p_45) = (l_64 <= (((void*)0 == l_73) == ((safe_lshift_func_int16_t_s_s(((((-10L) | g_39[0].f2) || 18446744073709551610UL) < 4294967286UL), l_49)) > g_39[0].f1)));
        }
        for (g_13 = 23; (g_13 <= 7); --g_13)
        { /* block id: 23 */
            (*p_45) |= 0xF9653757L;
        }
        (*g_79) ^= g_6;
        (*g_82) = l_81;
    }
    else
    { /* block id: 28 */
        int32_t *l_84[3][4] = {{&g_6,&g_6,&g_6,&g_6},{&g_6,(void*)0,(void*)0,&g_6},{(void*)0,&g_6,(void*)0,(void*)0}};
        int i, j;
        ++g_86;
        for (g_80 = 0; (g_80 >= 28); ++g_80)
        { /* block id: 32 */
            const uint32_t l_105 = 0UL;
            uint8_t *l_106 = (void*)0;
            uint8_t *l_107 = &g_86;
            int16_t *l_108 = &g_109;
            int64_t *l_110[4] = {&g_2[0],&g_2[0],&g_2[0],&g_2[0]};
            uint32_t *l_119 = &g_120[0];
            int32_t l_136 = 0x1BC7B78FL;
            int32_t l_138 = 0x5042E9F2L;
            int32_t l_141[4] = {0xAEA437ACL,0xAEA437ACL,0xAEA437ACL,0xAEA437ACL};
            uint64_t l_145 = 18446744073709551610UL;
            int i;
            if ((safe_mod_func_uint64_t_u_u((safe_lshift_func_uint16_t_u_u((safe_div_func_uint8_t_u_u(((((*l_73) , (safe_mul_func_int8_t_s_s(0xD5L, (((*l_81) = (g_111 = (safe_mod_func_int16_t_s_s(((g_2[1] = (((0xC631L != (((*l_108) &= (safe_add_func_int32_t_s_s((!((+((*l_107) = (((l_105 <= 0xACL) < p_46) & g_63))) >= (*l_81))), g_12))) > g_39[0].f1)) , 0UL) & g_13)) && g_14), 0xFC7CL)))) ^ 1UL)))) | g_25) == 9L), g_60)), 2)), g_39[0].f2)))
            { /* block id: 38 */
                uint8_t **l_113 = (void*)0;
                uint8_t ***l_112 = &l_113;
                (*l_112) = (void*)0;
            }
            else
            { /* block id: 40 */
                (*g_114) = &g_82;
                return g_116;
            }
            if ((*p_45))
                break;
            if (((0x5FL & ((*l_107) &= (((g_39[0].f1 < ((safe_mul_func_uint32_t_u_u(((*l_119)--), (g_116 , ((((*l_81) , &g_23) != l_106) != (-1L))))) >= 0UL)) || (*l_81)) <= (-1L)))) ^ p_46))
            { /* block id: 47 */
                int16_t l_134 = 1L;
                (*p_45) &= 0xBC2C7D6AL;
                (*p_45) = (*p_45);
                l_134 ^= (safe_mod_func_uint8_t_u_u(((*l_107) &= (safe_mul_func_int8_t_s_s(((safe_sub_func_int8_t_s_s((safe_mod_func_int16_t_s_s(g_23, (~(safe_add_func_uint8_t_u_u(((p_46 | 9L) <= ((g_39[0].f3 > 0x568067CFB04DD1B2LL) , 0xFFL)), p_46))))), p_46)) < 1L), 247UL))), g_6));
            }
            else
            { /* block id: 52 */
                int16_t l_137 = 0xD5F1L;
                int32_t l_139 = 0xCC27DDD5L;
                int32_t l_140 = 0x7D55B7D1L;
                ++g_142;
                l_145++;
            }
        }
        (*l_81) = 0xC701984FL;
        return g_148[0][0];
    }
    l_135 &= ((safe_lshift_func_uint16_t_u_u((((((*l_81) != 0x0B4C8DAEL) >= (((*l_159) = ((*l_158) = (safe_rshift_func_int16_t_s_u((safe_add_func_uint8_t_u_u((safe_rshift_func_int16_t_s_u(((l_157 == (((0xB0E1DEEFL & 0x9D05E8D5L) > p_46) , l_157)) <= 6UL), 1)), g_142)), 12)))) == p_46)) , (*l_81)) != p_46), p_46)) | p_46);
    for (g_6 = 1; (g_6 >= 0); g_6 -= 1)
    { /* block id: 65 */
        union U2 **l_167 = (void*)0;
        union U2 *l_168 = (void*)0;
        int32_t *l_174 = (void*)0;
        int32_t *l_175[4];
        uint8_t *l_182 = &g_86;
        int8_t *l_230[2];
        int i;
        for (i = 0; i < 4; i++)
            l_175[i] = &g_111;
        for (i = 0; i < 2; i++)
            l_230[i] = &g_23;
        l_168 = l_164;
        l_135 |= (safe_div_func_uint8_t_u_u((((((g_2[g_6] != 0xD0CA2F3F102FCD55LL) <= (((safe_mul_func_uint16_t_u_u((*l_81), 65526UL)) && g_2[g_6]) , g_2[g_6])) | (-7L)) , g_39[0].f1) & 18446744073709551608UL), 250UL));
    }
    return g_231[0];
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int i, j;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    for (i = 0; i < 2; i++)
    {
        transparent_crc(g_2[i], "g_2[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_6, "g_6", print_hash_value);
    transparent_crc(g_12, "g_12", print_hash_value);
    transparent_crc(g_13, "g_13", print_hash_value);
    transparent_crc(g_14, "g_14", print_hash_value);
    transparent_crc(g_23, "g_23", print_hash_value);
    transparent_crc(g_25, "g_25", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        transparent_crc(g_39[i].f0, "g_39[i].f0", print_hash_value);
        transparent_crc(g_39[i].f1, "g_39[i].f1", print_hash_value);
        transparent_crc(g_39[i].f2, "g_39[i].f2", print_hash_value);
        transparent_crc(g_39[i].f3, "g_39[i].f3", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_60, "g_60", print_hash_value);
    transparent_crc(g_63, "g_63", print_hash_value);
    transparent_crc(g_72.f0, "g_72.f0", print_hash_value);
    transparent_crc(g_74.f0, "g_74.f0", print_hash_value);
    transparent_crc(g_80, "g_80", print_hash_value);
    transparent_crc(g_86, "g_86", print_hash_value);
    transparent_crc(g_109, "g_109", print_hash_value);
    transparent_crc(g_111, "g_111", print_hash_value);
    transparent_crc(g_116.f0, "g_116.f0", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        transparent_crc(g_120[i], "g_120[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_142, "g_142", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_148[i][j].f0, "g_148[i][j].f0", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_160, "g_160", print_hash_value);
    transparent_crc(g_185.f0, "g_185.f0", print_hash_value);
    transparent_crc(g_189, "g_189", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_190[i].f0, "g_190[i].f0", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_211, "g_211", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        transparent_crc(g_225[i].f0, "g_225[i].f0", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    for (i = 0; i < 1; i++)
    {
        transparent_crc(g_231[i].f0, "g_231[i].f0", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_310, "g_310", print_hash_value);
    transparent_crc(g_320.f0, "g_320.f0", print_hash_value);
    transparent_crc(g_325.f0, "g_325.f0", print_hash_value);
    transparent_crc(g_326.f0, "g_326.f0", print_hash_value);
    transparent_crc(g_417.f0, "g_417.f0", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 146
XXX total union variables: 11

XXX non-zero bitfields defined in structs: 2
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 10
breakdown:
   indirect level: 0, occurrence: 2
   indirect level: 1, occurrence: 2
   indirect level: 2, occurrence: 4
   indirect level: 3, occurrence: 2
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 4
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 3
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 14

XXX max expression depth: 26
breakdown:
   depth: 1, occurrence: 107
   depth: 2, occurrence: 16
   depth: 3, occurrence: 2
   depth: 5, occurrence: 1
   depth: 6, occurrence: 3
   depth: 7, occurrence: 1
   depth: 8, occurrence: 1
   depth: 9, occurrence: 2
   depth: 10, occurrence: 3
   depth: 12, occurrence: 3
   depth: 13, occurrence: 3
   depth: 14, occurrence: 6
   depth: 15, occurrence: 3
   depth: 16, occurrence: 1
   depth: 18, occurrence: 1
   depth: 25, occurrence: 1
   depth: 26, occurrence: 1

XXX total number of pointers: 135

XXX times a variable address is taken: 120
XXX times a pointer is dereferenced on RHS: 41
breakdown:
   depth: 1, occurrence: 39
   depth: 2, occurrence: 1
   depth: 3, occurrence: 1
XXX times a pointer is dereferenced on LHS: 70
breakdown:
   depth: 1, occurrence: 69
   depth: 2, occurrence: 1
XXX times a pointer is compared with null: 10
XXX times a pointer is compared with address of another variable: 2
XXX times a pointer is compared with another pointer: 2
XXX times a pointer is qualified to be dereferenced: 1896

XXX max dereference level: 5
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 381
   level: 2, occurrence: 20
   level: 3, occurrence: 21
   level: 4, occurrence: 24
   level: 5, occurrence: 19
XXX number of pointers point to pointers: 44
XXX number of pointers point to scalars: 78
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 31.1
XXX average alias set size: 1.21

XXX times a non-volatile is read: 299
XXX times a non-volatile is write: 198
XXX times a volatile is read: 29
XXX    times read thru a pointer: 0
XXX times a volatile is write: 13
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 308
XXX percentage of non-volatile access: 92.2

XXX forward jumps: 0
XXX backward jumps: 1

XXX stmts: 97
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 12
   depth: 1, occurrence: 25
   depth: 2, occurrence: 28
   depth: 3, occurrence: 32

XXX percentage a fresh-made variable is used: 17.9
XXX percentage an existing variable is used: 82.1
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

