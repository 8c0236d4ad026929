import { describe, expect, test } from 'vitest'
import { contactsAcross, isMine, nameAcross, otherOf, seatOf } from './sides.ts'

const conversation = { buyerId: 'buyer' }
const seller = { userId: 'manager', name: 'Менеджер Динара', phone: '+77015550000', email: 'd@dealer.kz' }
const buyer = { userId: 'buyer', name: 'Покупатель Айгуль', phone: '+77017770000', email: 'a@mail.kz' }
const rows = [buyer, seller]

describe("a conversation's sides", () => {
  test("the buyer's seat is their own; anyone on the seller's side sits in the one seller's seat", () => {
    expect(seatOf('buyer', { id: 'buyer' }, conversation, rows)).toBe(buyer)
    // The dealer's owner, who is not a participant, answers from the manager's seat.
    expect(seatOf('seller', { id: 'owner' }, conversation, rows)).toBe(seller)
    expect(seatOf('own', { id: 'owner' }, conversation, rows)).toBeUndefined()
    expect(otherOf('buyer', conversation, rows)).toBe(seller)
    expect(otherOf('seller', conversation, rows)).toBe(buyer)
    expect(otherOf('own', conversation, rows)).toBeNull()
  })

  test("a colleague's message is the reader's side's; the system's is nobody's", () => {
    expect(isMine('seller', { id: 'owner' }, conversation, 'manager')).toBe(true)
    expect(isMine('seller', { id: 'owner' }, conversation, 'buyer')).toBe(false)
    expect(isMine('buyer', { id: 'buyer' }, conversation, 'manager')).toBe(false)
    expect(isMine('buyer', { id: 'buyer' }, conversation, 'buyer')).toBe(true)
    expect(isMine('seller', { id: 'owner' }, conversation, null)).toBe(false)
    expect(isMine('own', { id: 'owner' }, conversation, 'owner')).toBe(true)
  })

  test("the buyer sees a dealer's name and phones across, never its person's; the seller sees the buyer's own", () => {
    const dealer = { dealerName: 'ТОО «Алматы Моторс»', dealerPhones: ['+77273550011', '+77012223344'] }
    const privateCar = { dealerName: null, dealerPhones: null }
    expect(nameAcross('buyer', dealer, seller)).toBe('ТОО «Алматы Моторс»')
    expect(nameAcross('buyer', privateCar, seller)).toBe('Менеджер Динара')
    expect(nameAcross('seller', dealer, buyer)).toBe('Покупатель Айгуль')
    expect(contactsAcross('buyer', dealer, seller)).toEqual({ phone: '+77273550011, +77012223344', email: null })
    expect(contactsAcross('buyer', { dealerPhones: [] }, seller)).toEqual({ phone: null, email: null })
    expect(contactsAcross('buyer', privateCar, seller)).toEqual({ phone: seller.phone, email: seller.email })
    expect(contactsAcross('seller', dealer, buyer)).toEqual({ phone: buyer.phone, email: buyer.email })
  })
})
