import { describe, expect, it } from 'vitest';
import { statementOf } from '../../../../test/helpers/statement-builder.js';
import type { Direction } from '../../../domain/statement.js';
import { categoriseStatement, categoriseTransaction } from './categorise.js';
import { holderTokens } from './holder.js';
import { compileLexicon, defaultMatcher } from './lexicon.js';
import { readWords } from './read-words.js';
import { tokenise } from './tokenise.js';

const holder = holderTokens('ADAEZE CHIOMA NWANKWO');
const judge = (narration: string, direction: Direction = 'debit') =>
  categoriseTransaction({ direction, narration }, holder);

describe('tokenise', () => {
  it('splits on anything that is not a letter or digit and upper-cases', () => {
    expect(tokenise('PAYSTACK*SportyBet/BET9JA.com')).toEqual(['PAYSTACK', 'SPORTYBET', 'BET9JA', 'COM']);
  });
  it('turns USSD short codes into the word USSD but leaves masked card numbers alone', () => {
    expect(tokenise('GTB *737* TRF')).toEqual(['GTB', 'USSD', 'TRF']);
    expect(tokenise('*894*AIRTIME')).toEqual(['USSD', 'AIRTIME']);
    expect(tokenise('POS 5399********1234 SHOP')).toEqual(['POS', '5399', '1234', 'SHOP']);
  });
});

describe('known collisions are matched on whole words', () => {
  it('GLO is a telco, GLOBUS a bank, GLORY a name', () => {
    expect(judge('*966*AIRTIME/GLO/08051234567').category).toBe('airtime_and_data');
    expect(judge('NIP/GLOBUS BANK/KEHINDE ALABI/contribution').category).toBe('transfer');
    expect(judge('Received from GLORY OKAFOR - First Bank', 'credit').category).toBe('transfer_in');
  });
  it('PALMCREDIT is a lender, PALMPAY a wallet', () => {
    expect(judge('PalmCredit repayment').category).toBe('loan_repayment');
    expect(judge('NIP/PALMPAY/ADE WALE/transport money').category).toBe('transfer');
  });
  it('a car rental is transport, not rent', () => {
    expect(judge('TRF TO RENTAL CARS NG').category).toBe('transportation');
    expect(judge('AVIS CAR RENTAL LAGOS').category).toBe('transportation');
    expect(judge('PAYMENT FOR RENT APRIL').category).toBe('rent');
  });
  it('RENT is not found inside PARENT or CURRENT', () => {
    expect(judge('UBA/TRF/TO CHIEF OKORO/RENT 2024').category).toBe('rent');
    expect(judge('UBA/TRF/TO PARENTS ASSOCIATION/contribution').category).toBe('transfer');
    expect(judge('ACCESSDEV TRF/current expenses/FRM X TO BLESSING AUDU').category).toBe('transfer');
  });
  it('FEE is not found inside COFFEE, BET not inside ALPHABET', () => {
    expect(judge('POS PUR COFFEE SHOP IKOYI').category).toBe('hospitality_and_food');
    expect(judge('TRANSFER FEE').category).toBe('bank_charges');
    expect(judge('WEB PMT ALPHABET INC GOOGLE CLOUD').category).toBe('other');
    expect(judge('FIDELITY ONLINE PAYMENT NAIRABET').category).toBe('gambling');
  });
  it('school fees are education, not a bank charge', () => {
    expect(judge('ACCESSDEV TRF/2nd term school fees/FRM A TO GREENSPRINGS SCHOOL- 057').category).toBe('education');
    expect(judge('TRF FRM A TO BRIGHT STARS NURSERY AND PRIMARY SCH/1st term fees tobi/2376').category).toBe(
      'education',
    );
  });
});

describe('generic words and named companies', () => {
  it('a generic keyword never outranks a named merchant or biller', () => {
    // PREMIUM is an insurance word at priority 62; SPOTIFY (60) and DSTV (60) are named.
    const spotify = judge('SPOTIFY PREMIUM');
    expect([spotify.category, spotify.entity, spotify.counterparty]).toEqual(['entertainment', 'Spotify', 'SPOTIFY']);
    expect(judge('DSTV SUBSCRIPTION MULTICHOICE PREMIUM').category).toBe('utilities');
    // A named insurer stays insurance, named by itself.
    const axa = judge('AXA MANSARD ANNUAL PREMIUM');
    expect([axa.category, axa.entity, axa.confidence]).toEqual(['insurance', 'AXA Mansard', 0.95]);
  });
  it('a keyword alone decides the category, but names no party: the narration names it', () => {
    const premium = judge('NIP TRF TO LEKAN BELLO/PREMIUM');
    expect([premium.category, premium.entity, premium.confidence]).toEqual(['insurance', null, 0.8]);
    expect(premium.counterparty).toBe('LEKAN BELLO');
  });
  it('an airtime purchase is named by its telco, not by the word AIRTIME', () => {
    expect(judge('USSD *737* AIRTIME GLO 08051234567').counterparty).toBe('GLO');
    expect(judge('USSD *737* AIRTIME MTN 08031234567').counterparty).toBe('MTN');
  });
});

describe('direction is authoritative', () => {
  it('charge and airtime words on a credit are reversals, never spend', () => {
    expect(judge('REV SMS ALERT CHARGES OCT 2023', 'credit').category).toBe('reversal');
    expect(judge('FGN STAMP DUTY REFUND', 'credit').category).toBe('reversal');
    expect(judge('Airtime purchase - GLO', 'credit').category).toBe('reversal');
  });
  it('commission and allowances on a credit are income; commission on a debit is a charge, its refund a reversal', () => {
    expect(judge('Received from TUNDE ALABI | First Bank | ur commission for d land', 'credit').category).toBe(
      'other_income',
    );
    expect(judge('UBA MOBILE TRF FRM ZEDCO LTD/oct transport allowance/0000042610', 'credit').category).toBe(
      'other_income',
    );
    expect(judge('COMMISSION ON TURNOVER OCT').category).toBe('bank_charges');
    expect(judge('REV COMMISSION ON TURNOVER OCT', 'credit').category).toBe('reversal');
  });
  it('interest credited by a savings product is interest; money taken out of one comes back to the holder', () => {
    expect(judge('Interest - Spend+Save', 'credit').category).toBe('interest');
    expect(judge('OWealth Interest Withdrawal', 'credit').category).toBe('self_transfer');
    expect(judge('PIGGYVEST SAFELOCK LIQUIDATION', 'credit').category).toBe('self_transfer');
  });
  it('a betting operator is a stake on a debit and winnings on a credit', () => {
    expect(judge('NIP CR/KC GAMING NETWORKS LIMITED/BET9JA WITHDRAWAL', 'credit').category).toBe('gambling_winnings');
    expect(judge('WEB PMT 5399XXXXXXXX1234 PAYSTACK*SPORTYBET LAGOS NG').category).toBe('gambling');
  });
  it('a lender is a disbursement on a credit and a repayment on a debit, named the same', () => {
    const credit = judge('NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT/PROVIDUS', 'credit');
    const debit = judge('MONNIFY/CARBON LOAN REPAYMENT');
    expect([credit.category, debit.category]).toEqual(['loan_disbursement', 'loan_repayment']);
    expect(credit.entity).toBe('Carbon');
    expect(debit.entity).toBe('Carbon');
  });
});

describe('self-transfers from the holder name', () => {
  it('a debit to the holder (two name words on the receiving side) is a self-transfer', () => {
    const v = judge('Kuda: Transfer to ADAEZE NWANKWO - Zenith Bank');
    expect(v.category).toBe('self_transfer');
    expect(v.evidence).toContain('holder');
  });
  it('one shared surname is a relative, not the holder', () => {
    expect(judge('Kuda: Transfer to EMEKA NWANKWO - Access Bank').category).toBe('transfer');
  });
  it('the holder as sender of a debit is ordinary', () => {
    expect(judge('ACCESSDEV TRF/upkeep/FRM ADAEZE CHIOMA NWANKWO TO GRACE EZE- 058').category).toBe('transfer');
  });
  it('a credit from the holder is a self-transfer', () => {
    expect(judge('TRANSFER from ADAEZE CHIOMA NWANKWO to ADAEZE NWANKWO', 'credit').category).toBe('self_transfer');
  });
});

describe('a credit is a self-transfer only when the holder sent it', () => {
  it('an employer named as sender, the holder after it as beneficiary, is no self-transfer', () => {
    // An organisation's month's pay is salary.
    const pay = judge('NIP FROM ZENOVA LOGISTICS LTD/NWANKWO ADAEZE C/SEPT PAY', 'credit');
    expect([pay.category, pay.counterparty]).toEqual(['salary', 'ZENOVA LOGISTICS LTD']);
    expect(judge('NIP/UBA/HALDANE MOTORS PLC/ADAEZE CHIOMA NWANKWO', 'credit').category).toBe('transfer_in');
    expect(judge('KORAMA FOODS/ADAEZE NWANKWO/OCT', 'credit').category).not.toBe('self_transfer');
    // Another person sending, with the holder's name in the remark.
    expect(judge('NIP FROM TUNDE OKAFOR/FOR ADAEZE NWANKWO', 'credit').category).toBe('transfer_in');
  });
  it('the holder as sender stays a self-transfer, whatever bank or wallet field comes first', () => {
    expect(judge('NIP FROM NWANKWO ADAEZE C/upkeep', 'credit').category).toBe('self_transfer');
    expect(judge('TRF FRM ADAEZE NWANKWO TO ADAEZE CHIOMA NWANKWO', 'credit').category).toBe('self_transfer');
    expect(judge('NIP/STANBIC/ADAEZE NWANKWO/upkeep', 'credit').category).toBe('self_transfer');
    expect(judge('MONIEPOINT MFB/ADAEZE CHIOMA NWANKWO', 'credit').category).toBe('self_transfer');
    expect(judge('PALMPAY LIMITED/ADAEZE CHIOMA NWANKWO/wallet to bank', 'credit').category).toBe('self_transfer');
    // One word before the name is a remark or a code, not a sender.
    expect(judge('UPKEEP/ADAEZE NWANKWO', 'credit').category).toBe('self_transfer');
  });
});

describe('an employer whose name begins with a bank word, or paid through a rail, is the sender', () => {
  // Holder ADEBAYO CHINEDU OKAFOR, named as the beneficiary after the employer.
  const okafor = holderTokens('ADEBAYO CHINEDU OKAFOR');
  const credit = (narration: string) => categoriseTransaction({ direction: 'credit', narration }, okafor);

  it('a bank word beginning a longer company name is the company, not the bank', () => {
    for (const employer of ['ZENITH LOGISTICS LTD', 'ACCESS SOLUTIONS LTD', 'UNION SYSTEMS PLC', 'FIRST CONSULT LTD']) {
      const pay = credit(`NIP FROM ${employer}/OKAFOR ADEBAYO C/MAR 2025`);
      expect([pay.category, pay.counterparty]).toEqual(['transfer_in', employer]);
    }
  });
  it('a payment or payroll rail named before the sender is not the sender', () => {
    // A payment rail names no channel on a credit: the category is `other`, a credit that may be
    // pay; a payroll rail's credit from an organisation is salary.
    for (const [rail, category] of [
      ['REMITA', 'salary'],
      ['FLW', 'other'],
      ['PAYSTACK', 'other'],
      ['INTERSWITCH', 'other'],
    ]) {
      const pay = credit(`${rail}/ACME LOGISTICS LTD/OKAFOR ADEBAYO C/MAR 2025`);
      expect([rail, pay.category, pay.counterparty]).toEqual([rail, category, 'ACME LOGISTICS LTD']);
    }
    expect(credit('REMITA/ZENITH LOGISTICS LTD/OKAFOR ADEBAYO C/MAR 2025').category).toBe('salary');
  });
  it('the bank itself, or a rail alone, before the holder is still the holder sending', () => {
    for (const narration of [
      'NIP FROM ZENITH BANK/OKAFOR ADEBAYO C',
      'NIP/ZENITH/OKAFOR ADEBAYO C/upkeep',
      'ACCESS BANK PLC/OKAFOR ADEBAYO C',
      'ACCESS HOLDINGS PLC/OKAFOR ADEBAYO C',
      'FIRST BANK OF NIGERIA/ADEBAYO CHINEDU OKAFOR',
      'OPAY DIGITAL SERVICES LTD/OKAFOR ADEBAYO CHINEDU',
      'REMITA/OKAFOR ADEBAYO C/MAR 2025',
      'PAYSTACK/OKAFOR ADEBAYO C',
      'ZENITH OKAFOR ADEBAYO C',
    ]) {
      expect([narration, credit(narration).category]).toEqual([narration, 'self_transfer']);
    }
  });
});

describe('who sent a credit, as a payer of salary', () => {
  const okafor = holderTokens('ADEBAYO CHINEDU OKAFOR');
  const credit = (narration: string) => categoriseTransaction({ direction: 'credit', narration }, okafor);
  const payerOf = (narration: string) => [narration, credit(narration).payer];

  it('a company suffix or an employer word in the sender’s field, or a rail: an employer', () => {
    for (const narration of [
      'NIP FROM ACME LOGISTICS LTD/OKAFOR ADEBAYO C/MAR 2025',
      'NIP CR/DIAMOND BANK PLC/JAN 2023',
      'NIP FROM FEDERAL MINISTRY OF HEALTH',
      'NIP FROM UNIVERSITY OF LAGOS/MAR',
      'PAYSTACK PAYOUT/TECHCORP AFRICA/STAFF',
      'REMITA/IPPIS/FGN/OGUN STATE',
      'NIP FROM MTN NIGERIA COMMUNICATIONS',
    ]) {
      expect(payerOf(narration)).toEqual([narration, 'employer']);
    }
  });
  it('a personal name is a person, an employer only when the narration says pay', () => {
    for (const narration of [
      'NIP FROM EMEKA JOHNSON OBI',
      'NIP CR/GRACE ADEWALE/ACCESS BANK PLC',
      'Received from GLORY NWOSU - First Bank',
      'NIP FROM EMEKA JOHNSON OBI/PAY BACK',
      // A cash deposit names no one.
      'CASH DEPOSIT',
    ]) {
      expect(payerOf(narration)).toEqual([narration, 'person']);
    }
    for (const narration of ['NIP FROM EMEKA JOHNSON OBI/MAR PAY', 'NIP FROM EMEKA JOHNSON OBI/MAY SALARY']) {
      expect(payerOf(narration)).toEqual([narration, 'employer']);
    }
  });
  it('a person sharing a word of the holder’s name, or a note of support: family', () => {
    for (const narration of [
      'NIP FROM NGOZI OKAFOR',
      'NIP FROM EMEKA JOHNSON OBI/UPKEEP',
      'NIP FROM TUNDE BAKARE/FEEDING MONEY',
      'NIP FROM TUNDE BAKARE/birthday gift',
    ]) {
      expect(payerOf(narration)).toEqual([narration, 'family']);
    }
    // A debit has no sender to judge.
    expect(categoriseTransaction({ direction: 'debit', narration: 'TRF TO EMEKA OBI' }, okafor).payer).toBeNull();
  });
  it('a salary word from a relative or beside a note of support is no salary', () => {
    const kin = credit('NIP FROM NGOZI OKAFOR/MAY SALARY');
    expect([kin.category, kin.payer, kin.evidence]).toEqual([
      'transfer_in',
      'family',
      'salary word from a relative or beside a note of support: not pay',
    ]);
    expect(credit('NIP FROM EMEKA JOHNSON OBI/UPKEEP SALARY').category).toBe('transfer_in');
    // From anyone else it stays salary.
    expect(credit('NIP FROM EMEKA JOHNSON OBI/MAY SALARY').category).toBe('salary');
    expect(credit('NIP FROM ACME LTD/OKAFOR ADEBAYO C/MAY SALARY').category).toBe('salary');
  });
});

describe('a credit from an organisation that says pay is salary without a salary word', () => {
  const okafor = holderTokens('ADEBAYO CHINEDU OKAFOR');
  const credit = (narration: string) => categoriseTransaction({ direction: 'credit', narration }, okafor);

  it('paid through a payroll rail, or with a month’s pay (`APR PAY`, `APR 2024 PAY`)', () => {
    for (const [narration, employer] of [
      ['REMITA PAYMT/LAGOS STATE UNIVERSITY/APR 2024', 'LAGOS STATE UNIVERSITY'],
      ['REMITA/ACME LOGISTICS LTD/OKAFOR ADEBAYO C/MAR 2025', 'ACME LOGISTICS LTD'],
      ['NIP/CHEVRON NIGERIA LTD/APR 2024 PAY', 'CHEVRON NIGERIA LTD'],
      ['NIP/CHEVRON NIGERIA LTD/APR PAY', 'CHEVRON NIGERIA LTD'],
      ['NIP FROM ZENOVA LOGISTICS LTD/OKAFOR ADEBAYO C/SEPTEMBER 24 PAY', 'ZENOVA LOGISTICS LTD'],
    ] as const) {
      const v = credit(narration);
      expect([narration, v.category, v.channel, v.counterparty]).toEqual([narration, 'salary', 'transfer', employer]);
    }
  });
  it('not from a person, a payment gateway, or without a pay note; another category word still decides', () => {
    for (const [narration, category] of [
      // A person's month's pay may be a tenant's or a customer's: the income analysis decides (`payer`).
      ['NIP FROM EMEKA JOHNSON OBI/MAR 2024 PAY', 'transfer_in'],
      ['PAYSTACK PAYOUT/TECHCORP AFRICA/APR 2024', 'other'],
      ['NIP/CHEVRON NIGERIA LTD/APR 2024', 'transfer_in'],
      ['NIP/CHEVRON NIGERIA LTD/2024 PAY', 'transfer_in'],
      ['REMITA/FEDERAL MINISTRY OF WORKS/REFUND OF OVERPAYMENT', 'reversal'],
    ] as const) {
      expect([narration, credit(narration).category]).toEqual([narration, category]);
    }
    expect(credit('NIP FROM EMEKA JOHNSON OBI/MAR 2024 PAY').payer).toBe('employer');
  });
});

describe('self-transfers from the holder name shortened to initials', () => {
  const okafor = holderTokens('ADEBAYO JOHN OKAFOR');
  const category = (narration: string, direction: Direction) =>
    categoriseTransaction({ direction, narration }, okafor).category;

  it('a name word with the initials of other name words is the holder, in either order', () => {
    expect(category('TRF FROM OKAFOR A J', 'credit')).toBe('self_transfer');
    expect(category('TRF FROM A J OKAFOR', 'credit')).toBe('self_transfer');
    expect(category('TRF FROM OKAFOR A', 'credit')).toBe('self_transfer');
    expect(category('NIP/GTB/A J OKAFOR/TRANSFER', 'credit')).toBe('self_transfer');
    expect(category('TRF TO MR OKAFOR A J', 'debit')).toBe('self_transfer');
  });
  it('an initial that is none of the holder’s other words is someone else', () => {
    // C is no holder word's initial; O is OKAFOR's own, already spelt out.
    expect(category('TRF FROM OKAFOR C', 'credit')).toBe('transfer_in');
    expect(category('TRF FROM OKAFOR A C', 'credit')).toBe('transfer_in');
    expect(category('TRF FROM OKAFOR O', 'credit')).toBe('transfer_in');
  });
  it('the initials must make up the whole name: another name word next to them is another person', () => {
    expect(category('TRF TO JOHN A SMITH', 'debit')).toBe('transfer');
    expect(category('TRF FROM OKAFOR A CHIOMA', 'credit')).toBe('transfer_in');
  });
});

describe('a debit is a self-transfer only when the holder is paid, not when the holder sends', () => {
  const okafor = holderTokens('CHUKWUEMEKA NNAMDI OKAFOR');
  const debit = (narration: string) => {
    const v = categoriseTransaction({ direction: 'debit', narration }, okafor);
    return [narration, v.category, v.counterparty];
  };

  it('Access MOB/UTO names the sender, then the payee: the holder as sender pays the party after him', () => {
    for (const [narration, payee] of [
      ['MOB/UTO/OKAFOR CHUKWUEMEKA N/IFEOMA NWACHUKWU/FOR LUNCH', 'IFEOMA NWACHUKWU'],
      ['MOB/UTO/OKAFOR CHUKWUEMEKA N/EMEKA IKE MOTORS/CAR PART', 'EMEKA IKE MOTORS'],
      ['MOB/UTO/OKAFOR CHUKWUEMEKA NNAMDI/JOHN BELLO/000123', 'JOHN BELLO'],
      ['MOB/UTO/OKAFOR CHUKWUEMEKA N/ADA OBI', 'ADA OBI'],
    ] as const) {
      expect(debit(narration)).toEqual([narration, 'transfer', payee]);
    }
  });
  it('the holder named as sender and again as payee is a self-transfer', () => {
    for (const narration of [
      'MOB/UTO/OKAFOR CHUKWUEMEKA N/OKAFOR CHUKWUEMEKA NNAMDI/SAVINGS',
      'MOB/UTO/OKAFOR CHUKWUEMEKA N/OKAFOR C N/HOUSE UPKEEP ACCT',
      'NIP/OKAFOR CHUKWUEMEKA/OKAFOR CHUKWUEMEKA NNAMDI/GTB',
      // One field naming the holder, with no other party, is the payee's (the sender goes unnamed).
      'NIP/OKAFOR CHUKWUEMEKA NNAMDI/KUDA MFB',
      'TRF FRM OKAFOR CHUKWUEMEKA TO OKAFOR C N',
    ]) {
      expect(debit(narration)[1]).toBe('self_transfer');
    }
  });
  it('the other two-party grammars: the payee after TO, or the other party beside the holder', () => {
    for (const [narration, payee] of [
      ['TRF FRM OKAFOR CHUKWUEMEKA TO ADA OBI', 'ADA OBI'],
      ['NIP/OKAFOR CHUKWUEMEKA N/ADA OBI/BALANCE PART 2', 'ADA OBI'],
      // The payee first, the holder after it as sender or remark.
      ['NIP/ADA OBI/OKAFOR CHUKWUEMEKA', 'ADA OBI'],
      ['Transfer to ADA OBI | OKAFOR CHUKWUEMEKA N', 'ADA OBI'],
    ] as const) {
      expect(debit(narration)).toEqual([narration, 'transfer', payee]);
    }
    // No channel word: no default category, but no self-transfer either.
    expect(debit('OKAFOR CHUKWUEMEKA NNAMDI/ADA OBI')).toEqual([
      'OKAFOR CHUKWUEMEKA NNAMDI/ADA OBI',
      'other',
      'ADA OBI',
    ]);
  });
  it('a credit from the holder to the holder stays a self-transfer', () => {
    const credit = categoriseTransaction(
      { direction: 'credit', narration: 'MOB/UTO/OKAFOR CHUKWUEMEKA N/OKAFOR CHUKWUEMEKA NNAMDI/SAVINGS' },
      okafor,
    );
    expect(credit.category).toBe('self_transfer');
  });
});

describe('a relative sharing two of the holder’s name words is not the holder', () => {
  const udo = holderTokens('BLESSING ANIEKAN UDO');
  const judgeUdo = (narration: string, direction: Direction) => categoriseTransaction({ direction, narration }, udo);

  it('a full name word the holder’s name lacks makes another person', () => {
    const upkeep = judgeUdo('TRANSFER FROM ANIEKAN UDO EKONG/UPKEEP', 'credit');
    expect([upkeep.category, upkeep.payer, upkeep.counterparty]).toEqual([
      'transfer_in',
      'family',
      'ANIEKAN UDO EKONG',
    ]);
    expect(judgeUdo('TRANSFER FROM UDO ANIEKAN EKONG', 'credit').category).toBe('transfer_in');
    expect(judgeUdo('TRANSFER TO UDO ANIEKAN EKONG', 'debit').category).toBe('transfer');
    expect(judgeUdo('NIP/GTB/EKONG ANIEKAN UDO/school fees balance', 'credit').category).not.toBe('self_transfer');
  });
  it('the holder’s words in any order, with initials or an extra initial, are still the holder', () => {
    for (const [narration, direction] of [
      ['TRANSFER FROM BLESSING UDO', 'credit'],
      ['TRANSFER FROM UDO BLESSING ANIEKAN', 'credit'],
      ['TRANSFER FROM UDO BLESSING A', 'credit'],
      ['TRANSFER FROM UDO ANIEKAN E', 'credit'],
      ['TRANSFER TO UDO B A', 'debit'],
      ['TRANSFER TO MRS BLESSING ANIEKAN UDO/GTB', 'debit'],
      ['TRANSFER TO ANIEKAN UDO/MY SAVINGS', 'debit'],
      // A remark's, a bank's or a lexicon phrase's word after the name is no word of it.
      ['TRANSFER TO UDO ANIEKAN MY SAVINGS', 'debit'],
      ['TRANSFER TO UDO BLESSING ACCESS', 'debit'],
    ] as const) {
      expect([narration, judgeUdo(narration, direction).category]).toEqual([narration, 'self_transfer']);
    }
  });
  it('a name with every word of the holder’s, and a middle name the record lacks, is the holder', () => {
    const short = holderTokens('BLESSING UDO');
    const v = categoriseTransaction({ direction: 'debit', narration: 'TRANSFER TO UDO BLESSING ANIEKAN' }, short);
    expect(v.category).toBe('self_transfer');
  });
});

describe('channel, confidence and evidence', () => {
  it('names the channel from the narration grammar', () => {
    expect(judge('ATM WDL 5399XXXXXXXX1234 GTB ATM IKEJA').channel).toBe('atm');
    expect(judge('POS PURCHASE SHOPRITE LEKKI').channel).toBe('pos');
    expect(judge('USSD TRF *901* TO AMINA YUSUF').channel).toBe('ussd');
    expect(judge('POS Withdrawal | OPay Agent').channel).toBe('agent');
    expect(judge('CHQ NO 00012345 PAID TO ALIYU DANJUMA').channel).toBe('cheque');
    expect(judge('STANDING ORDER LEADWAY ASSURANCE PREMIUM').channel).toBe('direct_debit');
    expect(judge('SMS ALERT CHARGES').channel).toBe('bank_charge');
    expect(judge('Sent to DATALINK RESOURCES LTD / Wema Bank / 0238841756 - inv 0045')).toMatchObject({
      channel: 'transfer',
      category: 'transfer',
    });
  });
  it('says which lexicon entry decided and how sure it is', () => {
    const named = judge('POS PURCHASE SHOPRITE LEKKI');
    expect(named.evidence).toBe('shopping:Shoprite matched "SHOPRITE"');
    expect(named.confidence).toBe(0.95);
    const unknown = judge('ZENITH/TRANSACTION 2311209912');
    expect(unknown.category).toBe('other');
    expect(unknown.confidence).toBeLessThan(0.5);
  });
  it('flags card requests and returned cheques whatever the category', () => {
    expect(judge('CARD REISSUE FEE').flags).toContain('card_request');
    expect(judge('RETURNED CHEQUE 0001234 DAIRO', 'credit').flags).toContain('returned_cheque');
  });
  it('a lost ATM card replaced is a card request charged, not a cash withdrawal at an ATM', () => {
    const replaced = judge('REPLACEMENT OF LOST ATM CARD');
    expect([replaced.category, replaced.channel, replaced.flags]).toEqual([
      'bank_charges',
      'bank_charge',
      ['card_request'],
    ]);
    expect(judge('ATM CARD REPLACEMENT FEE').flags).toEqual(['card_request']);
    expect(judge('ATM WDL FBN MARINA LAGOS').category).toBe('cash_withdrawal');
  });
  it('flags failed direct debits in their common phrasings, whoever the lender', () => {
    for (const narration of [
      'DIRECT DEBIT UNPAID - CARBON',
      'REMITA DD RENMONEY RETURNED INSUFFICIENT FUNDS',
      'UNPAID DIRECT DEBIT FAIRMONEY',
      'DIRECT DEBIT RETURNED PALMCREDIT',
      'MANDATE REJECTED BRANCH INTERNATIONAL',
      'DD FAILED INSUFF FUNDS',
    ]) {
      expect(judge(narration).flags, narration).toContain('bounced_debit');
    }
    expect(judge('DIRECT DEBIT - CARBON').flags).not.toContain('bounced_debit');
  });
  it('a betting operator’s refund is a reversal, not winnings', () => {
    expect(judge('BET9JA REFUND', 'credit').category).toBe('reversal');
    expect(judge('REFUND FROM SPORTYBET', 'credit').category).toBe('reversal');
  });
});

describe("a fee word is the bank's charge only when no payee is named before it", () => {
  it("a fee after a named payee is the payee's price: the payment keeps its own category", () => {
    const legal = judge('NIP TRF TO EKENE OBI SOLICITORS/PROFESSIONAL FEE');
    expect([legal.category, legal.channel, legal.counterparty]).toEqual([
      'transfer',
      'transfer',
      'EKENE OBI SOLICITORS',
    ]);
    expect(judge('TRF TO ST LUKE HOSPITAL/REGISTRATION FEE').category).toBe('health');
    expect(judge('NIP/FBN/ADUKE HOMES LTD/RENT AND SERVICE CHARGE').category).toBe('rent');
    expect(judge('NIP/FBN/ADUKE HOMES/CAUTION FEE').category).toBe('transfer');
    const form = judge('FLUTTERWAVE/GREENFIELD UNIVERSITY/FORM FEE');
    expect([form.category, form.channel]).toEqual(['education', 'web']);
    expect(judge('NIP TRF TO LASG/DEVELOPMENT LEVY 2024').category).toBe('transfer');
    // On a credit, a payer's fee is money received, not a refunded charge.
    expect(judge('NIP FROM HALDANE MOTORS PLC/CONSULTANCY FEE', 'credit').category).toBe('transfer_in');
  });
  it("the bank's own fee lines, and its fee on a transfer to a payee named after it, stay charges", () => {
    for (const narration of [
      'NIP TRANSFER FEE',
      'INTL TRANSACTION FEE',
      'Transfer fee - Sent to HALDANE MOTORS PLC',
      'CHARGES ON TRF TO BAYO ADE',
      'LEVY',
    ]) {
      expect([narration, judge(narration).category]).toEqual([narration, 'bank_charges']);
    }
    expect(judge('REVERSAL OF NIP FEE', 'credit').category).toBe('reversal');
  });
  it('the electronic money transfer levy, however abbreviated, is a charge', () => {
    for (const narration of ['EMT LEVY 120324', 'ELECTRONIC MONEY TRANSFER LEVY FEB', 'E-LEVY', 'EMT LEVY ON INFLOW']) {
      const v = judge(narration);
      expect([narration, v.category, v.channel]).toEqual([narration, 'bank_charges', 'bank_charge']);
    }
  });
});

describe('cheques, wallets and card grammars', () => {
  it('a cheque cashed by the holder is a cash withdrawal; one paid to another party is a payment', () => {
    const cashed = judge('CHEQUE WITHDRAWAL 0000456 PAID TO SELF');
    expect([cashed.category, cashed.channel]).toEqual(['cash_withdrawal', 'cheque']);
    const paid = judge('CHQ WDL 0000456 PAID TO HALDANE MOTORS');
    expect([paid.category, paid.channel]).toEqual(['transfer', 'cheque']);
    expect(judge('TRF TO SELF/ZENITH').category).toBe('self_transfer');
  });
  it("Access Bank's mobile transfer out (MOB/UTO) is a transfer to the party it names", () => {
    const v = judge('MOB/UTO/CHIDI EZE/birthday/301234567/000009/');
    expect([v.category, v.channel, v.counterparty]).toEqual(['transfer', 'transfer', 'CHIDI EZE']);
  });
  it("a card purchase is at a terminal unless the narration says web; FLW is Flutterwave's checkout", () => {
    expect(judge('CARD PURCHASE - MAMA CASS ASOKORO').channel).toBe('pos');
    expect(judge('Card Transaction - ADUNNI BAKES IKEJA').channel).toBe('pos');
    expect(judge('WEB CARD PURCHASE ADUNNI BAKES').channel).toBe('web');
    const flw = judge('FLW/ADUNNI BAKES/ORDER 77');
    expect([flw.channel, flw.counterparty]).toEqual(['web', 'ADUNNI BAKES']);
  });
  it("a transfer to a gateway's virtual account is a transfer; a gateway checkout alone is web", () => {
    expect(judge('NIP/PAYSTACK/MERRYBET/TOPUP').channel).toBe('transfer');
    expect(judge('Transfer to ADUNNI BAKES-FLW / Wema Bank').channel).toBe('transfer');
    expect(judge('PAYSTACK/ADUNNI BAKES/ORDER 9').channel).toBe('web');
  });
});

describe('lenders are the companies named, never the rail or a guess', () => {
  it("a repayment through a rail is the lender's after it, not the rail's", () => {
    const v = judge('FLW/KOLA ADEWALE/REPAYMENT');
    expect([v.category, v.entity, v.counterparty]).toEqual(['loan_repayment', null, 'KOLA ADEWALE']);
    expect(judge('EASEMONI LOAN', 'credit').entity).toBe('EaseMoney');
  });
  it('a salary advance names no lender, and still outranks the salary word', () => {
    const v = judge('SALARY ADVANCE REPAYMENT');
    expect([v.category, v.entity, v.counterparty]).toEqual(['loan_repayment', null, '']);
    expect(judge('QUICK CREDIT LOAN DISBURSED', 'credit').entity).toBe('GTBank QuickCredit');
  });
  it("interest on an overdraft is the bank's charge; an overdraft repayment is the account's bank's, unnamed", () => {
    expect(judge('OVERDRAFT INTEREST SEPT').category).toBe('bank_charges');
    expect(judge('DEBIT INTEREST ON OD 0923').category).toBe('bank_charges');
    const od = judge('OVERDRAFT REPAYMENT');
    expect([od.category, od.entity]).toEqual(['loan_repayment', 'Bank overdraft']);
  });
});

describe('income words', () => {
  it('a pension or gratuity credit is other income, named by its payer', () => {
    const board = judge('NIP FROM KWARA STATE PENSIONS BOARD/OCT PENSION', 'credit');
    expect([board.category, board.entity, board.counterparty]).toEqual(['other_income', null, 'KWARA STATE PENSIONS']);
    expect(judge('STANBIC IBTC PENSION MANAGERS/RSA PAYMENT', 'credit').category).toBe('other_income');
    expect(judge('GRATUITY PAYMENT/FED MIN OF WORKS', 'credit').category).toBe('other_income');
    // The salary word still wins over a pension deduction named beside it.
    expect(judge('NIP CR/ACME LTD/OCT SALARY LESS PENSION', 'credit').category).toBe('salary');
  });
});

describe('transfer grammar, card venues and USSD brands', () => {
  it('an online-banking transfer to a party is a transfer, whatever the word ONLINE', () => {
    expect(judge('FIDELITY ONLINE TRF TO KELECHI OBI/WEEKEND')).toMatchObject({
      category: 'transfer',
      channel: 'transfer',
      counterparty: 'KELECHI OBI',
    });
    expect(judge('ONLINE TRF TO PAYSTACK/SPORTYBET WALLET')).toMatchObject({
      category: 'gambling',
      channel: 'transfer',
    });
    expect(judge('ONLINE BANKING TRF TO AMINU BELLO').channel).toBe('transfer');
    // A payment made online is still web.
    expect(judge('FIDELITY ONLINE PAYMENT NAIRABET').channel).toBe('web');
  });
  it('a card word that leaves the venue open is web at a gateway, web word or online-only merchant, else pos', () => {
    expect(judge('POS/WEB PMT: FLW*CHOWDECK LAGOS').channel).toBe('web');
    expect(judge('POS/WEB PMT: STARTIMES*NOVA BOUQUET LAGOS')).toMatchObject({ category: 'utilities', channel: 'web' });
    expect(judge('POS/WEB PURCHASE TRANSACTION -- 1234 -- UBER *TRIP LAGOS').channel).toBe('web');
    expect(judge('REV POS/WEB PMT: SPOTIFY P9X8', 'credit').channel).toBe('web');
    expect(judge('REVERSAL POS/WEB PMT: PAYSTACK *MERRYBET', 'credit').channel).toBe('web');
    expect(judge('POS/WEB PMT: JUSTRITE AJAH LA NG').channel).toBe('pos');
    expect(judge('Card Payment | SPAR LEKKI PHASE 1')).toMatchObject({ category: 'shopping', channel: 'pos' });
    expect(judge('Card Payment | NETFLIX').channel).toBe('web');
    expect(judge('CARD PURCHASE PAYSTACK*ADUNNI BAKES').channel).toBe('web');
    // An explicit POS is a terminal.
    expect(judge('POS PURCHASE GENESIS CINEMAS LEKKI').channel).toBe('pos');
  });
  it("a refunded bank charge is the bank's own entry: the transfer word in it names what was charged", () => {
    expect(judge('REVERSAL OF NIP TRANSFER CHARGES', 'credit')).toMatchObject({
      category: 'reversal',
      channel: 'other',
    });
    expect(judge('REV/VAT ON NIP TRF', 'credit').channel).toBe('other');
    // A reversed transfer, or a payee refunding its own fee, came back as a transfer.
    expect(judge('REVERSAL/NIP FROM ADA OKEKE/FAILED TRANSFER', 'credit').channel).toBe('transfer');
    expect(judge('NIP FROM ACME SCHOOL/REFUND OF FORM FEE', 'credit').channel).toBe('transfer');
  });
  it("GTBank's 737 is USSD however it is written", () => {
    expect(judge('737 DATA PURCHASE 08031112222 GLO')).toMatchObject({ category: 'airtime_and_data', channel: 'ussd' });
    expect(judge('737 EKEDC PREPAID 0123456789').channel).toBe('ussd');
  });
});

describe('places and parties the lexicon did not know', () => {
  it('a teaching hospital is a hospital, not a university', () => {
    expect(judge('POS PURCHASE LAGOS UNIVERSITY TEACHING HOSPITAL IDI ARABA').category).toBe('health');
    expect(judge('NIP TRF TO OBAFEMI AWOLOWO UNIVERSITY TEACHING HOSP/CARD').category).toBe('health');
    expect(judge('TRF TO UNIVERSITY OF LAGOS/ACCEPTANCE FEE').category).toBe('education');
  });
  it('a person refunding a loan is their transfer in, not a bank reversal', () => {
    expect(judge('NIP/BOLA ADEYEMI/REFUND OF MY LOAN', 'credit').category).toBe('transfer_in');
    expect(judge('TRANSFER FROM IKE OBI/BEING REFUND OF THE LOAN', 'credit').category).toBe('transfer_in');
    expect(judge('REFUND OF FAILED TRANSFER', 'credit').category).toBe('reversal');
    expect(judge('FAIRMONEY LOAN DISBURSEMENT', 'credit').category).toBe('loan_disbursement');
  });
  it('paying a pension fund administrator or a voluntary contribution is saving', () => {
    const arm = judge('NIP TRF TO ARM PENSION MANAGERS/RSA TOP UP');
    expect([arm.category, arm.entity]).toEqual(['savings_and_investments', 'ARM Pensions']);
    expect(judge('TRF TO LEADWAY PENSURE/VOLUNTARY PENSION').category).toBe('savings_and_investments');
    expect(judge('MOBILE TRF TO SOMEONE PFA/VOLUNTARY CONTRIBUTION').category).toBe('savings_and_investments');
    // From the administrator, it is still a pension.
    expect(judge('NIP/ARM PENSION MANAGERS/PROGRAMMED WITHDRAWAL', 'credit').category).toBe('other_income');
  });
  it("a purchase at a fintech's cash-out agent is a cash withdrawal", () => {
    expect(judge('POS PURCHASE OPAY AGENT OJUELEGBA LA NG')).toMatchObject({
      category: 'cash_withdrawal',
      channel: 'agent',
    });
    expect(judge('POS PUR PALMPAY AGENT 2PLM1234 NYANYA').category).toBe('cash_withdrawal');
  });
  it('a buka, canteen or mama put is food; Nigerian food and supermarket chains are named', () => {
    expect(judge('POS PURCHASE IYA BASIRAT BUKA OYINGBO').category).toBe('hospitality_and_food');
    expect(judge('Merchant Payment - MAMA PUT JOINT YABA').category).toBe('hospitality_and_food');
    expect(judge('POS PUR STAFF CANTEEN MARINA').category).toBe('hospitality_and_food');
    expect(judge('CARD PURCHASE - MEGA CHICKEN GARKI').category).toBe('hospitality_and_food');
    expect(judge('POS PUR BOKKU MART FESTAC').category).toBe('shopping');
    expect(judge('POS PURCHASE SAHAD STORES GARKI').category).toBe('shopping');
    expect(judge('POS PURCHASE PARKNSHOP ABUJA').category).toBe('shopping');
  });
  it('Bet9ja written as it is said (Bet Naija) is Bet9ja', () => {
    const v = judge('MOBILE TRF TO BET NAIJA/PAYSTACK');
    expect([v.category, v.entity]).toEqual(['gambling', 'Bet9ja']);
  });
});

describe('word lists', () => {
  it('the evidence names the entry that matched', () => {
    expect(judge('YOUTUBE PREMIUM NG').evidence).toBe('entertainment:YouTube matched "YOUTUBE"');
    expect(judge('GOOGLE *YouTubeMusic g.co').category).toBe('other');
    expect(judge('GOOGLE PLAY APPS').evidence).toBe('entertainment:Google Play matched "GOOGLE PLAY"');
    expect(judge('CASHBOX SAVINGS').category).toBe('savings_and_investments');
    expect(judge('CashBox Withdrawal', 'credit').category).toBe('self_transfer');
    expect(judge('LAGOS FERRY SERVICES IKORODU').category).toBe('transportation');
  });
});

describe('counterparty', () => {
  it('reads the other party from the grammar, without a trailing bank name', () => {
    expect(judge('NIP CR/GRACE ADEWALE/ACCESS/REF:00001199745194904020', 'credit').counterparty).toBe('GRACE ADEWALE');
    expect(judge('NIBSS Instant Payment Outward 000013 via GTWORLD TO UBA/KEMI ALABI /REF:GW49').counterparty).toBe(
      'KEMI ALABI',
    );
  });
  it('reads lower-case and non-ASCII narrations as upper-cased words, the holder included', () => {
    expect(judge('Transfer to chinedu obi okafor/ref 0012').counterparty).toBe('CHINEDU OBI OKAFOR');
    expect(judge('nip cr/grace adewale/access – ref 7', 'credit').counterparty).toBe('GRACE ADEWALE');
    expect(judge('Transfer to adaeze nwankwo – Zenith').category).toBe('self_transfer');
    expect(judge('*737* trf to adaeze Nwankwo').category).toBe('self_transfer');
  });
  it('ends a name at the separator before a remark, so one payee is one party whatever the remark', () => {
    const variants = [
      'NIP TRF TO EMEKA NWOSU/RENT OCT',
      'NIP TRF TO EMEKA NWOSU/BAL',
      'NIP TRF TO EMEKA NWOSU/LUNCH',
      'NIP/TRF TO EMEKA NWOSU/FOOD STUFF',
      'MOB TRF EMEKA NWOSU/ACCESS/FOR MUM',
      'USSD *737* TRF TO EMEKA NWOSU GTB',
      '*737* TRF TO EMEKA NWOSU/LUNCH',
      'Kuda: Transfer to EMEKA NWOSU - GTBank',
      'TRF TO EMEKA NWOSU - LUNCH',
      'TRF TO EMEKA NWOSU| LUNCH',
    ];
    expect(variants.map((narration) => judge(narration).counterparty)).toEqual(variants.map(() => 'EMEKA NWOSU'));
    // The rent word decides the category but not the party (and is no income word: it has its own file).
    const rent = judge('NIP TRF TO EMEKA NWOSU/RENT OCT');
    expect([rent.category, rent.entity, rent.evidence]).toEqual(['rent', null, 'rent:Rent word matched "RENT"']);
    // A bare hyphen joins a name; it does not end one.
    expect(judge('NIP TRF TO ADE-JOHNSON BELLO/LUNCH').counterparty).toBe('ADE JOHNSON BELLO');
    // The name may begin after a field separator (bank code, channel): only a separator after a name word ends it.
    expect(judge('NIP/FCMB/DANIEL AFOLABI/App food', 'credit').counterparty).toBe('DANIEL AFOLABI');
  });
  it('keeps a bank name that begins a company name, not one that is a field of its own', () => {
    expect(judge('ZENITH TECHNOLOGIES PLC SAL', 'credit').counterparty).toBe('ZENITH TECHNOLOGIES PLC');
    expect(judge('ZENITH TECH LTD SAL', 'credit').counterparty).toBe('ZENITH TECH LTD');
    expect(judge('NIP CR/ZENITH/ACME NIGERIA LTD SALARY', 'credit').counterparty).toBe('ACME NIGERIA LTD');
    // No company suffix: a bank (and branch) name, not a company.
    expect(judge('ATM CASH WDL ZENITH ADEOLA ODEKU BRANCH 2').counterparty).toBe('ATM');
    expect(judge('NIP CR/CHIOMA NWOSU/ZENITH/GTB', 'credit').counterparty).toBe('CHIOMA NWOSU');
  });
  it('a payment or payroll rail and its grammar are not the other party: the payer named after them is', () => {
    expect(judge('REMITA PAYMT ZENITH LOGISTICS LTD JAN 2025', 'credit').counterparty).toBe('ZENITH LOGISTICS LTD');
    expect(judge('REMITA PAYMT ZENLOG AFRICA LTD JUL 2025', 'credit').counterparty).toBe('ZENLOG AFRICA LTD');
    expect(judge('PAYSTACK PAYOUT/TECHCORP AFRICA/STAFF', 'credit').counterparty).toBe('TECHCORP AFRICA');
    expect(judge('IPPIS/FMOH/OKAFOR ADEBAYO CHINEDU/MAR 2025', 'credit').counterparty).toBe('FMOH');
    expect(judge('INTERSWITCH/ACME LTD/MAR', 'credit').counterparty).toBe('ACME LTD');
  });
  it('a charge is named by its kind, not by the payee of the transfer it was charged on', () => {
    expect(
      judge('COMMISSION 0000132 NIP TRANSFER COMMISSION FOR 0000132 via GTWORLD TO UBA/KEMI ALABI').counterparty,
    ).toBe('COMMISSION');
  });
});

describe('the lexicon', () => {
  it('compiles every data file into one phrase map', () => {
    expect(defaultMatcher().phraseCount).toBeGreaterThan(500);
  });
  it('refuses an unknown category in a data file', () => {
    expect(() => compileLexicon({ bad: { entries: [{ name: 'X', phrases: ['X'], debit: 'groceries' }] } })).toThrow(
      /unknown debit category groceries/,
    );
  });
  it('finds multi-word phrases and every overlapping shorter phrase in one scan', () => {
    const words = readWords('NIBSS Instant Payment Outward');
    const hits = defaultMatcher().match(words.number, words.count);
    expect(hits.map((h) => h.phrase)).toEqual(['NIBSS', 'NIBSS INSTANT PAYMENT', 'INSTANT PAYMENT']);
  });
  it('matches on the words of a lexicon compiled later, and only on whole phrases', () => {
    const matcher = compileLexicon({
      test: { entries: [{ name: 'Zorblax', phrases: ['ZORBLAX PAY', 'ZORBLAX'], debit: 'shopping' }] },
    });
    const words = readWords('web zorblax pay zorblax zorblaxpay');
    expect(matcher.match(words.number, words.count).map((h) => [h.phrase, h.evidence])).toEqual([
      ['ZORBLAX', 'test:Zorblax matched "ZORBLAX"'],
      ['ZORBLAX PAY', 'test:Zorblax matched "ZORBLAX PAY"'],
      ['ZORBLAX', 'test:Zorblax matched "ZORBLAX"'],
    ]);
    expect(matcher.match(words.number, 2).map((h) => h.phrase)).toEqual(['ZORBLAX']);
  });
});

describe('categoriseStatement', () => {
  it('gives every row the verdict it gets alone, though verdicts are shared by narration shape', () => {
    // Shapes that differ only in short digit runs, a run's length across four, a USSD code's length,
    // a trailing or one-character run, odd and even text lengths, or the direction must not share
    // a verdict.
    const narrations = [
      'TRANSFER TO ADAEZE CHIOMA 12345678',
      'TRANSFER TO ADAEZE CHIOMA 99999999999',
      'TRANSFER TO ADAEZE CHIOMA 123',
      'TRANSFER TO ADAEZE CHIOMA 124',
      'TRANSFER TO ADAEZE CHIOMA 1234',
      'TRANSFER TO ADAEZE CHIOMA 12',
      'TRANSFER TO ADAEZE CHIOMA 1',
      'TRANSFER TO ADAEZE CHIOMA',
      'TRANSFER TO ADAEZE CHIOMAX',
      'SMS ALERT 3 CHARGES',
      'SMS ALERT 30 CHARGES',
      'SMS ALERT 3000 CHARGES',
      'SMS ALERT 30001 CHARGES',
      'BET9JA 00001234 DEPOSIT',
      'BET9JA 00005678 DEPOSIT',
      'POS PURCHASE 5399XXXXXXXX6136 TID70853740 SHOPRITE',
      'POS PURCHASE 5399XXXXXXXX1111 TID22222222 SHOPRITE',
      'TRANSFER *1234# JOHN',
      'TRANSFER *12345# JOHN',
      'TRANSFER *737*1*5000# JOHN',
      'TRANSFER *7370*1*5000# JOHN',
      'TRANSFER *73701*1*5000# JOHN',
      'FAIRMONEY LOAN 7',
      'FAIRMONEY LOAN 8',
      '1',
      'A',
      '',
    ];
    const rows: [string, 'C' | 'D', number, string][] = narrations.flatMap((narration) => [
      ['2023-11-01', 'D', 100, narration] as [string, 'C' | 'D', number, string],
      ['2023-11-02', 'C', 100, narration] as [string, 'C' | 'D', number, string],
    ]);
    const statement = statementOf(rows);
    const alone = statement.transactions.map((tx) => categoriseTransaction(tx, holderTokens(statement.holder.name)));
    expect(categoriseStatement(statement).labels).toEqual(alone);
  });
});
