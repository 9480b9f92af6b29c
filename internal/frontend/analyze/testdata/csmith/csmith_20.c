/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 20 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_20.c
 * Seed:      20
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static uint32_t g_20 = 0x17B844A7L;
static volatile int64_t g_37 = 0L;/* VOLATILE GLOBAL g_37 */
static uint8_t g_45 = 0xBAL;
static int32_t g_47 = (-7L);
static volatile uint32_t g_53 = 0xE68266C0L;/* VOLATILE GLOBAL g_53 */
static volatile int64_t g_56 = 1L;/* VOLATILE GLOBAL g_56 */
static uint8_t g_57 = 0xCCL;
static int32_t *g_62 = &g_47;
static int32_t ** volatile g_61 = &g_62;/* VOLATILE GLOBAL g_61 */
static int32_t ** volatile g_63 = &g_62;/* VOLATILE GLOBAL g_63 */
static int32_t ** volatile g_70 = (void*)0;/* VOLATILE GLOBAL g_70 */
static int32_t ** volatile g_71 = &g_62;/* VOLATILE GLOBAL g_71 */
static uint16_t g_77 = 0x6F59L;
static int64_t g_81[1][4] = {{0xC6930A875637402BLL,0xC6930A875637402BLL,0xC6930A875637402BLL,0xC6930A875637402BLL}};
static int32_t g_95 = 0x3E5B6057L;
static uint32_t g_100 = 18446744073709551615UL;
static uint64_t g_101 = 18446744073709551615UL;
static int32_t g_120 = 0xDA1D3BC2L;
static volatile int16_t g_122 = 0x57EAL;/* VOLATILE GLOBAL g_122 */
static int64_t g_123[4][2] = {{1L,1L},{1L,1L},{1L,1L},{1L,1L}};
static volatile uint16_t g_124[2] = {9UL,9UL};


/* --- FORWARD DECLARATIONS --- */
static uint16_t  func_1(void);
static uint8_t  func_4(int8_t  p_5, uint32_t  p_6, uint16_t  p_7, int16_t  p_8, int16_t  p_9);
static uint16_t  func_10(int32_t  p_11, uint16_t  p_12, uint32_t  p_13, uint64_t  p_14, int64_t  p_15);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_20 g_37 g_45 g_53 g_57 g_61 g_63 g_71 g_77 g_56 g_47 g_100 g_101 g_124
 * writes: g_45 g_47 g_20 g_53 g_57 g_62 g_77 g_81 g_95 g_100 g_124
 */
static uint16_t  func_1(void)
{ /* block id: 0 */
    uint64_t l_27[2];
    uint64_t l_30[2];
    const uint32_t l_31[3] = {0x91BA6B42L,0x91BA6B42L,0x91BA6B42L};
    uint16_t l_32 = 0x193FL;
    int32_t *l_127 = (void*)0;
    int32_t l_128 = 0x70B7C7C0L;
    int i;
    for (i = 0; i < 2; i++)
        l_27[i] = 0x23A266D210EC3203LL;
    for (i = 0; i < 2; i++)
        l_30[i] = 0UL;
    l_128 ^= (safe_lshift_func_uint8_t_u_s(func_4((func_10((safe_add_func_int32_t_s_s((((safe_add_func_int16_t_s_s((g_20 ^ (safe_rshift_func_uint8_t_u_u(((safe_sub_func_uint16_t_u_u((((safe_add_func_uint64_t_u_u(l_27[1], g_20)) , ((safe_lshift_func_uint16_t_u_u(g_20, 10)) | g_20)) == g_20), l_30[1])) , l_30[1]), l_31[0]))), l_31[0])) , 3UL) , g_20), 0x120DD93BL)), g_20, g_20, l_32, g_20) > g_101), g_101, l_31[0], g_101, l_32), 4));
    return l_32;
}


/* ------------------------------------------ */
/* 
 * reads : g_124 g_101
 * writes: g_124
 */
static uint8_t  func_4(int8_t  p_5, uint32_t  p_6, uint16_t  p_7, int16_t  p_8, int16_t  p_9)
{ /* block id: 40 */
    int32_t *l_102 = &g_47;
    int32_t *l_103 = (void*)0;
    int32_t *l_104 = &g_47;
    int32_t *l_105 = &g_47;
    int32_t *l_106 = &g_47;
    int32_t *l_107 = (void*)0;
    int32_t *l_108 = &g_47;
    int32_t *l_109 = (void*)0;
    int32_t l_110 = 0x5E08CE29L;
    int32_t *l_111 = &l_110;
    int32_t *l_112 = &g_47;
    int32_t *l_113 = &g_47;
    int32_t *l_114 = &g_47;
    int32_t l_115 = 0xA3610563L;
    int32_t *l_116 = &l_115;
    int32_t *l_117 = &l_115;
    int32_t *l_118[2][1];
    int32_t l_119 = 0x8BF394C4L;
    int64_t l_121 = 0xD48ECEC35015C65DLL;
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_118[i][j] = (void*)0;
    }
    --g_124[1];
    return g_101;
}


/* ------------------------------------------ */
/* 
 * reads : g_20 g_37 g_45 g_53 g_57 g_61 g_63 g_71 g_77 g_56 g_47 g_100
 * writes: g_45 g_47 g_20 g_53 g_57 g_62 g_77 g_81 g_95 g_100
 */
static uint16_t  func_10(int32_t  p_11, uint16_t  p_12, uint32_t  p_13, uint64_t  p_14, int64_t  p_15)
{ /* block id: 1 */
    uint32_t l_43[2][3] = {{0x1C8D535DL,0x1C8D535DL,0x1C8D535DL},{0xEF13550EL,0xEF13550EL,0xEF13550EL}};
    int32_t *l_49[1][2];
    uint8_t *l_84 = &g_45;
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
            l_49[i][j] = (void*)0;
    }
    for (p_14 = 25; (p_14 != 20); --p_14)
    { /* block id: 4 */
        int8_t l_42 = (-10L);
        uint8_t *l_44 = &g_45;
        int32_t l_52 = 0x6D77974DL;
        int16_t l_87 = (-1L);
        int32_t **l_98 = &g_62;
        if ((((safe_div_func_int8_t_s_s(g_20, ((g_37 <= (((safe_mul_func_int8_t_s_s((safe_sub_func_uint8_t_u_u((((*l_44) = ((l_43[1][2] = l_42) | (p_15 ^ (-6L)))) ^ g_20), p_11)), p_12)) & p_13) , l_42)) , g_45))) , (-1L)) ^ 0xB1C2L))
        { /* block id: 7 */
            int32_t *l_46 = &g_47;
            int32_t **l_48[2];
            int i;
            for (i = 0; i < 2; i++)
                l_48[i] = &l_46;
            (*l_46) = (&g_45 == l_44);
            l_49[0][1] = (void*)0;
            for (g_20 = 0; (g_20 > 27); g_20++)
            { /* block id: 12 */
                g_53--;
            }
            --g_57;
        }
        else
        { /* block id: 16 */
            uint64_t l_60 = 0x4D19633EF28F0E43LL;
            return l_60;
        }
        (*g_61) = &g_47;
        (*g_63) = l_49[0][1];
        for (p_11 = 23; (p_11 > 17); p_11 = safe_sub_func_int64_t_s_s(p_11, 1))
        { /* block id: 23 */
            uint64_t l_88 = 18446744073709551610UL;
            int32_t *l_93 = (void*)0;
            int32_t *l_94 = &g_95;
            int32_t l_99 = 0L;
            if ((((safe_mul_func_int16_t_s_s(l_52, l_52)) , 0x3FFEA361L) , (((((safe_mod_func_int16_t_s_s((-1L), g_45)) >= p_14) > 1L) || l_42) < 4UL)))
            { /* block id: 24 */
                (*g_71) = &l_52;
            }
            else
            { /* block id: 26 */
                uint16_t *l_76 = &g_77;
                int64_t *l_80 = &g_81[0][1];
                int16_t l_85 = 1L;
                uint8_t *l_86 = &g_57;
                if (p_12)
                    break;
                l_88 |= (safe_sub_func_uint8_t_u_u((((((safe_div_func_uint16_t_u_u(((*l_76) ^= p_12), (((*l_86) |= ((((safe_mod_func_uint64_t_u_u((((*l_80) = g_53) & ((p_13 &= (safe_lshift_func_int16_t_s_u(((((void*)0 == l_84) | l_85) , g_45), g_20))) , 1L)), l_85)) , 4294967295UL) | p_11) || 0UL)) , 4UL))) | 0xBA517386F7313610LL) | g_45) , g_56) != 18446744073709551615UL), l_87));
            }
            l_99 = (safe_mod_func_int32_t_s_s(((((safe_mod_func_uint32_t_u_u((((*l_94) = g_20) , (l_42 < p_14)), ((((safe_sub_func_int16_t_s_s(1L, g_47)) , l_98) != &g_62) , 0x5DFDCAF0L))) , g_57) <= 0x05D1L) > 0L), p_12));
        }
    }
    g_100 &= p_11;
    return p_11;
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
    transparent_crc(g_20, "g_20", print_hash_value);
    transparent_crc(g_37, "g_37", print_hash_value);
    transparent_crc(g_45, "g_45", print_hash_value);
    transparent_crc(g_47, "g_47", print_hash_value);
    transparent_crc(g_53, "g_53", print_hash_value);
    transparent_crc(g_56, "g_56", print_hash_value);
    transparent_crc(g_57, "g_57", print_hash_value);
    transparent_crc(g_77, "g_77", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_81[i][j], "g_81[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_95, "g_95", print_hash_value);
    transparent_crc(g_100, "g_100", print_hash_value);
    transparent_crc(g_101, "g_101", print_hash_value);
    transparent_crc(g_120, "g_120", print_hash_value);
    transparent_crc(g_122, "g_122", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_123[i][j], "g_123[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    for (i = 0; i < 2; i++)
    {
        transparent_crc(g_124[i], "g_124[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 31
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

XXX max expression depth: 26
breakdown:
   depth: 1, occurrence: 25
   depth: 2, occurrence: 4
   depth: 9, occurrence: 1
   depth: 13, occurrence: 1
   depth: 15, occurrence: 1
   depth: 22, occurrence: 1
   depth: 26, occurrence: 1

XXX total number of pointers: 32

XXX times a variable address is taken: 28
XXX times a pointer is dereferenced on RHS: 0
breakdown:
XXX times a pointer is dereferenced on LHS: 9
breakdown:
   depth: 1, occurrence: 9
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 1
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 249

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 24
   level: 2, occurrence: 4
XXX number of pointers point to pointers: 6
XXX number of pointers point to scalars: 26
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 28.1
XXX average alias set size: 1.09

XXX times a non-volatile is read: 61
XXX times a non-volatile is write: 26
XXX times a volatile is read: 3
XXX    times read thru a pointer: 0
XXX times a volatile is write: 5
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 42
XXX percentage of non-volatile access: 91.6

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 22
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 7
   depth: 1, occurrence: 4
   depth: 2, occurrence: 7
   depth: 3, occurrence: 4

XXX percentage a fresh-made variable is used: 25.6
XXX percentage an existing variable is used: 74.4
********************* end of statistics **********************/

