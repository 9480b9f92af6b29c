/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 19 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_19.c
 * Seed:      19
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static int32_t g_3 = (-8L);
static volatile int32_t g_4 = (-1L);/* VOLATILE GLOBAL g_4 */
static int32_t g_5 = 0xA485BF25L;
static volatile int32_t g_6 = 0x6EC79CF1L;/* VOLATILE GLOBAL g_6 */
static int32_t g_7 = (-1L);
static int8_t g_26 = 0xA8L;
static uint8_t g_37[1][3] = {{255UL,255UL,255UL}};
static int32_t g_39 = 0L;
static const uint8_t g_49 = 251UL;
static int16_t g_51 = 1L;
static int32_t g_71 = (-1L);
static int64_t g_75 = 6L;
static uint64_t g_76 = 0xC022AD61797E2BD6LL;
static uint32_t g_139 = 4294967288UL;
static int16_t g_149 = 2L;
static volatile int8_t g_157 = 0x50L;/* VOLATILE GLOBAL g_157 */
static volatile uint64_t g_164 = 0x1FBB9A9CB853F4F8LL;/* VOLATILE GLOBAL g_164 */
static int32_t g_173 = 0x8DE3779DL;
static volatile uint8_t g_174[2][4] = {{251UL,2UL,251UL,251UL},{2UL,2UL,0xADL,2UL}};
static int32_t * volatile g_189 = &g_39;/* VOLATILE GLOBAL g_189 */
static int32_t *g_192 = &g_3;
static int32_t ** volatile g_191 = &g_192;/* VOLATILE GLOBAL g_191 */
static int32_t ** volatile g_276 = &g_192;/* VOLATILE GLOBAL g_276 */
static const int16_t g_294 = 0xABC8L;
static uint16_t g_306[4][4] = {{0x8545L,0x5223L,0UL,0x5223L},{0x5223L,0x4CAFL,0UL,0UL},{0x8545L,0x8545L,0x5223L,0UL},{65526UL,0x4CAFL,65526UL,0x5223L}};


/* --- FORWARD DECLARATIONS --- */
static int16_t  func_1(void);
static int32_t * func_8(int32_t  p_9, int32_t * p_10, uint32_t  p_11);
static int16_t  func_15(int64_t  p_16, uint32_t  p_17);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_3 g_5 g_7 g_189 g_39 g_149
 * writes: g_3 g_5 g_7 g_75 g_39
 */
static int16_t  func_1(void)
{ /* block id: 0 */
    int32_t l_2[2];
    int8_t l_330 = 7L;
    int32_t **l_333[1][1];
    int32_t ***l_332 = &l_333[0][0];
    int i, j;
    for (i = 0; i < 2; i++)
        l_2[i] = 0x99FF6065L;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 1; j++)
            l_333[i][j] = (void*)0;
    }
    for (g_3 = 1; (g_3 >= 0); g_3 -= 1)
    { /* block id: 3 */
        int32_t *l_12[4][2] = {{&g_3,(void*)0},{&g_3,(void*)0},{&g_3,(void*)0},{&g_3,(void*)0}};
        int i, j;
        for (g_5 = 0; (g_5 <= 1); g_5 += 1)
        { /* block id: 6 */
            uint64_t l_307[2];
            int64_t *l_331 = &g_75;
            int i;
            for (i = 0; i < 2; i++)
                l_307[i] = 18446744073709551614UL;
            for (g_7 = 0; (g_7 <= 1); g_7 += 1)
            { /* block id: 9 */
                int32_t **l_301 = &g_192;
                uint8_t l_304[1];
                uint16_t *l_305 = &g_306[2][2];
                int32_t *l_325 = &g_173;
                int i;
                for (i = 0; i < 1; i++)
                    l_304[i] = 7UL;
            }
            l_2[g_5] = ((((*l_331) = (safe_mul_func_uint8_t_u_u((l_2[g_3] >= 2UL), ((safe_add_func_uint8_t_u_u(((l_2[g_5] != 0x9FD17ABDL) || l_2[g_3]), l_330)) ^ 1UL)))) , 0x006184F7E791C839LL) >= 0L);
            (*g_189) &= (-1L);
        }
        (*g_189) = ((void*)0 != l_332);
    }
    return g_149;
}


/* ------------------------------------------ */
/* 
 * reads : g_76 g_5 g_37 g_71 g_39 g_49 g_6 g_7 g_75 g_3 g_51 g_26 g_164 g_174 g_189 g_191 g_192 g_149 g_157 g_139 g_276 g_294
 * writes: g_76 g_37 g_39 g_139 g_51 g_149 g_164 g_174 g_192
 */
static int32_t * func_8(int32_t  p_9, int32_t * p_10, uint32_t  p_11)
{ /* block id: 26 */
    int32_t l_53 = 0x5C3C62EDL;
    int32_t l_68 = (-1L);
    int32_t l_69 = 0xFA536CA9L;
    int32_t l_70 = 1L;
    int8_t l_72 = 0x8CL;
    int32_t l_73 = 0xB0C02EE3L;
    int32_t l_74 = 0L;
    uint8_t *l_85 = &g_37[0][1];
    uint32_t l_113 = 18446744073709551610UL;
    int32_t *l_124 = (void*)0;
    uint8_t l_125 = 252UL;
    uint32_t l_177 = 0xDB462DF2L;
    uint16_t l_251 = 0x31CCL;
    uint64_t l_271 = 0xFD38586082B051E6LL;
    int16_t *l_272 = &g_149;
    uint32_t l_273 = 4294967286UL;
    int32_t **l_279 = (void*)0;
    int32_t ***l_278 = &l_279;
    uint64_t l_287 = 18446744073709551611UL;
    uint32_t l_297[4];
    int32_t *l_300[1][4] = {{(void*)0,(void*)0,(void*)0,(void*)0}};
    int i, j;
    for (i = 0; i < 4; i++)
        l_297[i] = 0x5EFD601CL;
    if (l_53)
    { /* block id: 27 */
        int32_t **l_54 = (void*)0;
        int32_t *l_56 = (void*)0;
        int32_t **l_55 = &l_56;
        int32_t l_66 = 9L;
        int32_t *l_126 = &l_53;
        if ((&g_6 == ((*l_55) = &g_7)))
        { /* block id: 29 */
            int32_t *l_57 = &g_39;
            int32_t *l_58 = &g_39;
            int32_t *l_59 = &g_39;
            int32_t *l_60 = &l_53;
            int32_t *l_61 = (void*)0;
            int32_t *l_62 = (void*)0;
            int32_t *l_63 = &g_39;
            int32_t *l_64 = &g_39;
            int32_t *l_65 = &l_53;
            int32_t *l_67[1];
            uint8_t *l_81 = &g_37[0][0];
            int i;
            for (i = 0; i < 1; i++)
                l_67[i] = &l_66;
            --g_76;
            (*l_55) = &p_9;
            for (l_70 = 0; (l_70 >= 0); l_70 -= 1)
            { /* block id: 34 */
                uint8_t **l_82 = &l_81;
                uint8_t *l_84 = &g_37[0][1];
                uint8_t **l_83[2];
                int32_t l_97 = 7L;
                uint64_t *l_98 = &g_76;
                int32_t l_99 = (-6L);
                int i;
                for (i = 0; i < 2; i++)
                    l_83[i] = &l_84;
                l_99 ^= (safe_sub_func_uint32_t_u_u(g_5, ((l_85 = ((*l_82) = l_81)) == ((safe_sub_func_uint64_t_u_u(((*l_98) = ((safe_add_func_uint8_t_u_u(((((g_39 |= (safe_lshift_func_uint8_t_u_u((((*l_84)++) <= (!(((((safe_rshift_func_int8_t_s_s(((l_73 = l_97) , p_11), l_97)) ^ g_71) < 7L) & l_97) < p_9))), 5))) < l_97) , (void*)0) == (void*)0), 1UL)) != g_76)), g_49)) , (void*)0))));
            }
        }
        else
        { /* block id: 43 */
            int32_t l_112 = 0x28F3C5FBL;
            int32_t *l_114 = (void*)0;
            int32_t *l_115 = &l_68;
            (*l_115) ^= (l_113 &= (safe_div_func_int64_t_s_s((safe_div_func_int32_t_s_s((((safe_rshift_func_uint8_t_u_u((safe_sub_func_uint8_t_u_u((safe_sub_func_uint32_t_u_u(((safe_mul_func_uint16_t_u_u(((((void*)0 == &l_53) & l_73) || (l_112 || 18446744073709551614UL)), 65535UL)) > g_6), l_112)), 0x42L)), 1)) >= g_7) & (-1L)), l_73)), p_11)));
            return &g_5;
        }
        (*l_126) |= ((((((safe_mod_func_uint8_t_u_u((((safe_rshift_func_uint8_t_u_u((((safe_rshift_func_int8_t_s_u(0L, g_7)) , ((safe_div_func_int8_t_s_s((((*l_55) == (l_124 = &g_39)) == 0x7ACB2E3AA9488605LL), p_11)) && g_75)) == g_3), 5)) || 65529UL) == p_9), g_37[0][2])) >= 0xD657L) > l_125) & l_72) || (**l_55)) ^ (-7L));
    }
    else
    { /* block id: 50 */
        int8_t l_129 = (-2L);
        int32_t l_130 = (-1L);
        uint32_t *l_137 = (void*)0;
        uint32_t *l_138[1][4];
        int32_t l_162[2][3] = {{1L,0xF32A4288L,1L},{1L,0xF32A4288L,1L}};
        uint64_t l_269[1][3];
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 4; j++)
                l_138[i][j] = &g_139;
        }
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 3; j++)
                l_269[i][j] = 5UL;
        }
        if ((safe_mod_func_uint32_t_u_u((g_139 = (l_129 != ((((l_130 = 254UL) <= (safe_mod_func_int64_t_s_s(((safe_rshift_func_int8_t_s_s(((l_129 < (safe_div_func_uint64_t_u_u(18446744073709551615UL, g_51))) != g_39), 5)) >= l_68), g_3))) > g_51) & p_9))), l_129)))
        { /* block id: 53 */
            int8_t l_147 = 0L;
            int16_t *l_148 = &g_149;
            uint8_t l_158[1][3];
            int32_t l_163[2][3] = {{0L,0L,0L},{0xBBB315D7L,0xBBB315D7L,0xBBB315D7L}};
            int32_t *l_190 = &l_163[0][1];
            int i, j;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 3; j++)
                    l_158[i][j] = 0x0AL;
            }
            if (((((*l_148) = (((g_51 = (safe_mul_func_uint32_t_u_u(p_11, (((safe_rshift_func_uint8_t_u_u((+(g_39 = (safe_mod_func_uint16_t_u_u(l_147, 3UL)))), 2)) , &g_37[0][1]) == &g_37[0][2])))) || (-3L)) < p_11)) | g_26) & g_7))
            { /* block id: 57 */
                int32_t *l_150[3];
                int i;
                for (i = 0; i < 3; i++)
                    l_150[i] = &g_39;
                return l_150[2];
            }
            else
            { /* block id: 59 */
                int32_t *l_151 = &l_74;
                int32_t *l_152 = &l_73;
                int32_t *l_153 = &l_74;
                int32_t *l_154 = &l_130;
                int32_t *l_155 = &l_73;
                int32_t *l_156[1][3];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 3; j++)
                        l_156[i][j] = (void*)0;
                }
                (*l_152) = (p_11 , ((*l_151) = g_5));
                if (l_129)
                    goto lbl_161;
lbl_161:
                l_158[0][2]--;
                g_164++;
            }
            for (l_53 = 0; (l_53 == 2); l_53 = safe_add_func_uint64_t_u_u(l_53, 1))
            { /* block id: 68 */
                int32_t *l_169 = &l_163[1][0];
                int32_t *l_170 = &l_162[1][2];
                int32_t *l_171 = &l_163[1][0];
                int32_t *l_172[1][4];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 4; j++)
                        l_172[i][j] = (void*)0;
                }
                g_174[0][3]--;
                l_177--;
            }
            for (l_113 = 0; (l_113 <= 1); l_113 += 1)
            { /* block id: 74 */
                uint32_t l_187 = 0UL;
                int8_t *l_188 = &l_129;
                (*g_189) = (safe_div_func_int16_t_s_s((((*l_188) = ((safe_unary_minus_func_int64_t_s((((((void*)0 == &l_158[0][2]) | ((g_3 >= (safe_mod_func_uint8_t_u_u(((safe_lshift_func_uint8_t_u_s(((0x4F89L > l_187) <= p_11), 5)) && g_6), l_187))) && 0L)) & l_187) , l_187))) == p_11)) , 0x046FL), l_187));
            }
            if (((*l_190) |= 0xB9797662L))
            { /* block id: 79 */
                (*g_191) = &l_130;
            }
            else
            { /* block id: 81 */
                int32_t *l_193 = &l_73;
                l_70 = ((*l_193) = ((*l_190) = (*g_192)));
            }
        }
        else
        { /* block id: 86 */
            int32_t l_227 = 0x4754FD7CL;
            const int32_t l_229 = 0x393D1FB2L;
            int8_t l_252[1][1];
            int32_t l_253 = 0xA5A7A906L;
            int i, j;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 1; j++)
                    l_252[i][j] = 1L;
            }
lbl_233:
            for (l_68 = 2; (l_68 <= 15); l_68++)
            { /* block id: 89 */
                int16_t l_212[1][3];
                int32_t *l_213 = &l_53;
                uint64_t *l_216 = &g_76;
                int8_t *l_224 = &l_72;
                int8_t **l_223 = &l_224;
                int16_t *l_228 = &l_212[0][0];
                int32_t *l_230 = &l_74;
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 3; j++)
                        l_212[i][j] = 0x3213L;
                }
                (*l_213) ^= ((7L || ((((!(safe_lshift_func_int8_t_s_u((5L == (safe_unary_minus_func_uint64_t_u(((safe_mul_func_int8_t_s_s((safe_unary_minus_func_uint64_t_u((((~(safe_rshift_func_int16_t_s_u((255UL & (((safe_rshift_func_uint8_t_u_u(((safe_rshift_func_int16_t_s_s(((((safe_rshift_func_int8_t_s_u(((((0x29D5L > g_26) == l_129) , 0x98537666L) || g_6), g_149)) <= p_11) | l_162[0][0]) >= l_212[0][0]), p_11)) & l_129), 2)) , l_162[0][0]) && 0xCBB6L)), 8))) > p_11) , g_157))), g_7)) , 0xFAE531C9E70181F4LL)))), g_26))) ^ (-6L)) , p_9) <= g_37[0][1])) != g_139);
                if ((*g_192))
                    continue;
                (*l_230) ^= (l_70 = (safe_lshift_func_uint16_t_u_s(((*l_213) = (((*l_216)--) | ((safe_div_func_int16_t_s_s(((*l_228) = ((((safe_mul_func_uint16_t_u_u((((*l_223) = &g_26) != &g_157), l_162[0][0])) , (safe_sub_func_int8_t_s_s(((l_227 <= (*l_213)) ^ (*g_192)), g_164))) != 0xD7L) && 0xB83BL)), 1UL)) || l_229))), p_9)));
                if ((*g_192))
                    continue;
            }
            for (g_39 = 9; (g_39 < (-6)); g_39 = safe_sub_func_int8_t_s_s(g_39, 6))
            { /* block id: 102 */
                int32_t l_250 = 0x5960C23EL;
                uint32_t l_267 = 0xB06B514DL;
                uint16_t *l_268[1][2];
                int8_t *l_270[2];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_268[i][j] = (void*)0;
                }
                for (i = 0; i < 2; i++)
                    l_270[i] = &l_129;
                if (g_49)
                    goto lbl_233;
                l_253 = (safe_lshift_func_uint8_t_u_s((((safe_mod_func_int8_t_s_s(3L, ((g_139 , (((*g_192) < (safe_div_func_uint16_t_u_u((((safe_rshift_func_int8_t_s_s((safe_lshift_func_uint8_t_u_s(((safe_lshift_func_int8_t_s_s((safe_add_func_uint16_t_u_u((safe_div_func_int16_t_s_s(g_76, l_130)), l_250)), 2)) ^ 18446744073709551615UL), l_250)), g_6)) > g_37[0][1]) == g_49), l_251))) != g_75)) || l_252[0][0]))) & 0UL) != p_11), 4));
                l_271 &= (~((safe_div_func_uint16_t_u_u((safe_add_func_int8_t_s_s((l_162[0][0] = (g_26 , (safe_sub_func_uint32_t_u_u(g_164, (safe_div_func_uint32_t_u_u((((safe_sub_func_uint8_t_u_u(((((safe_rshift_func_uint16_t_u_u(l_162[0][0], 1)) > ((l_269[0][2] = ((((*g_192) , l_267) < 7L) ^ p_9)) , 8L)) , g_149) == p_11), g_51)) & 0xDF3A0AF4F7985680LL) > (*g_192)), g_76)))))), l_267)), (-1L))) < p_11));
            }
        }
    }
    if ((p_9 , (g_5 == (((void*)0 != l_272) , (-1L)))))
    { /* block id: 111 */
        int32_t *l_274 = &l_70;
        (*l_274) = (g_71 , l_273);
    }
    else
    { /* block id: 113 */
        int32_t *l_275[3];
        uint32_t l_277 = 0x6D3135C6L;
        int32_t ****l_280[2][3];
        int i, j;
        for (i = 0; i < 3; i++)
            l_275[i] = &l_70;
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 3; j++)
                l_280[i][j] = (void*)0;
        }
        (*g_276) = l_275[1];
        (*g_192) = (((((void*)0 != &l_125) || 0x5EB9L) ^ ((0xFB83DF84B3746713LL & g_157) , p_9)) ^ l_277);
        l_278 = l_278;
        p_10 = (*g_276);
    }
    for (l_72 = 1; (l_72 >= 0); l_72 -= 1)
    { /* block id: 121 */
        const uint32_t *l_290 = &l_177;
        const int32_t l_291 = 1L;
        int64_t *l_292[3];
        int32_t l_293 = 0x37372187L;
        int i;
        for (i = 0; i < 3; i++)
            l_292[i] = (void*)0;
        (*g_189) = (safe_mul_func_int16_t_s_s((safe_mul_func_int16_t_s_s((((safe_add_func_int64_t_s_s((g_174[0][3] , l_287), (l_293 = ((p_9 | ((safe_mod_func_uint32_t_u_u((l_290 == p_10), l_291)) | 0xC709768D335C8890LL)) && g_75)))) | (-1L)) >= p_11), p_9)), p_9));
        if (g_294)
        { /* block id: 124 */
            int32_t *l_295 = (void*)0;
            return l_295;
        }
        else
        { /* block id: 126 */
            int32_t *l_296 = &g_5;
            for (l_293 = 1; (l_293 >= 0); l_293 -= 1)
            { /* block id: 129 */
                p_10 = &p_9;
            }
            return l_296;
        }
    }
    ++l_297[3];
    return l_300[0][0];
}


/* ------------------------------------------ */
/* 
 * reads : g_7 g_6 g_26 g_3 g_39 g_51 g_37
 * writes: g_26 g_37 g_39 g_51
 */
static int16_t  func_15(int64_t  p_16, uint32_t  p_17)
{ /* block id: 10 */
    int32_t * const l_31 = (void*)0;
    const uint8_t *l_47[1];
    const uint8_t *l_48 = &g_49;
    int i;
    for (i = 0; i < 1; i++)
        l_47[i] = &g_37[0][1];
    g_26 ^= ((safe_div_func_uint8_t_u_u((safe_sub_func_int16_t_s_s((~(((safe_div_func_uint32_t_u_u(4294967295UL, (~g_7))) , (6L > g_6)) <= p_17)), 0x215AL)), 0x91L)) , p_16);
    for (p_17 = (-20); (p_17 <= 7); p_17 = safe_add_func_uint16_t_u_u(p_17, 1))
    { /* block id: 14 */
        uint8_t *l_36 = &g_37[0][1];
        int32_t *l_38 = &g_39;
        (*l_38) |= (safe_sub_func_int16_t_s_s(((((l_31 == ((safe_lshift_func_uint8_t_u_s(((*l_36) = (safe_lshift_func_int8_t_s_u(g_6, 4))), ((void*)0 == &g_5))) , (void*)0)) < 0x4D41BD43L) | g_3) ^ p_16), 0x5227L));
        for (p_16 = 0; (p_16 != 0); p_16 = safe_add_func_uint32_t_u_u(p_16, 9))
        { /* block id: 19 */
            int32_t l_46 = 5L;
            int16_t *l_50 = &g_51;
            int32_t l_52 = 0x80D42F53L;
            l_52 &= (g_26 <= ((safe_rshift_func_uint16_t_u_u((safe_mul_func_uint16_t_u_u((l_46 ^ ((*l_50) ^= ((l_48 = l_47[0]) != l_47[0]))), (*l_38))), 1)) , l_46));
        }
    }
    return g_37[0][0];
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
    transparent_crc(g_3, "g_3", print_hash_value);
    transparent_crc(g_4, "g_4", print_hash_value);
    transparent_crc(g_5, "g_5", print_hash_value);
    transparent_crc(g_6, "g_6", print_hash_value);
    transparent_crc(g_7, "g_7", print_hash_value);
    transparent_crc(g_26, "g_26", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
        {
            transparent_crc(g_37[i][j], "g_37[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_39, "g_39", print_hash_value);
    transparent_crc(g_49, "g_49", print_hash_value);
    transparent_crc(g_51, "g_51", print_hash_value);
    transparent_crc(g_71, "g_71", print_hash_value);
    transparent_crc(g_75, "g_75", print_hash_value);
    transparent_crc(g_76, "g_76", print_hash_value);
    transparent_crc(g_139, "g_139", print_hash_value);
    transparent_crc(g_149, "g_149", print_hash_value);
    transparent_crc(g_157, "g_157", print_hash_value);
    transparent_crc(g_164, "g_164", print_hash_value);
    transparent_crc(g_173, "g_173", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_174[i][j], "g_174[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_294, "g_294", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_306[i][j], "g_306[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 67
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 0
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 0
breakdown:
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 0
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 0
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 0

XXX max expression depth: 27
breakdown:
   depth: 1, occurrence: 57
   depth: 2, occurrence: 15
   depth: 3, occurrence: 3
   depth: 5, occurrence: 1
   depth: 7, occurrence: 1
   depth: 8, occurrence: 1
   depth: 9, occurrence: 1
   depth: 10, occurrence: 1
   depth: 11, occurrence: 1
   depth: 13, occurrence: 2
   depth: 14, occurrence: 1
   depth: 15, occurrence: 1
   depth: 16, occurrence: 1
   depth: 18, occurrence: 3
   depth: 20, occurrence: 1
   depth: 24, occurrence: 1
   depth: 27, occurrence: 1

XXX total number of pointers: 76

XXX times a variable address is taken: 76
XXX times a pointer is dereferenced on RHS: 13
breakdown:
   depth: 1, occurrence: 12
   depth: 2, occurrence: 1
XXX times a pointer is dereferenced on LHS: 36
breakdown:
   depth: 1, occurrence: 36
XXX times a pointer is compared with null: 6
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 430

XXX max dereference level: 3
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 142
   level: 2, occurrence: 19
   level: 3, occurrence: 1
XXX number of pointers point to pointers: 13
XXX number of pointers point to scalars: 63
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 25
XXX average alias set size: 1.25

XXX times a non-volatile is read: 194
XXX times a non-volatile is write: 108
XXX times a volatile is read: 16
XXX    times read thru a pointer: 0
XXX times a volatile is write: 8
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 102
XXX percentage of non-volatile access: 92.6

XXX forward jumps: 1
XXX backward jumps: 1

XXX stmts: 61
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 10
   depth: 1, occurrence: 14
   depth: 2, occurrence: 18
   depth: 3, occurrence: 19

XXX percentage a fresh-made variable is used: 19.4
XXX percentage an existing variable is used: 80.6
********************* end of statistics **********************/

