/** How an import from the stand-in below names its source, so nobody mistakes it for the OIG's list. */
export const STAND_IN_LEIE_SOURCE = 'Built-in stand-in list (not the OIG list)';

/**
 * The built-in stand-in for the LEIE, imported outside production when LEIE_CSV_URL is not set: a
 * few fictional entries in the published CSV's exact columns, none of them a demo therapist, so
 * the import, the checks and the managers' page can be tried without downloading the real list.
 */
export const STAND_IN_LEIE_CSV = [
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE',
  'EXAMPLE,STANDIN,Q,,IND- LIC HC SERV PRO,PHYSICAL THERAPIST,,0000000000,19700101,"1 EXAMPLE WAY, STE 1",NOWHERE,TX,00000,1128b4,20200115,00000000,00000000,',
  'SAMPLE,PLACEHOLDER,,,IND- LIC HC SERV PRO,OCCUPATIONAL THERAPIST,,0000000000,19650505,2 SAMPLE ST,NOWHERE,OH,00000,1128a1,20190301,00000000,00000000,',
  ',,,"EXAMPLE HOME HEALTH, LLC",HOME HEALTH AGENCY,HOME HEALTH AGENCY,,0000000000,00000000,3 EXAMPLE AVE,NOWHERE,FL,00000,1128b7,20210610,00000000,00000000,',
].join('\r\n');
