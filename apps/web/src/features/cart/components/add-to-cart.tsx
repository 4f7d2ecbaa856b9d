import { CART_RULES, type ShopItem } from '@otakura/shared';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useCart } from '../hooks/use-cart';
import { CartDrawer } from './cart-drawer';
import { QuantityStepper } from './quantity-stepper';
import './cart.css';

export interface AddToCartProps {
  item: Pick<ShopItem, 'id' | 'name' | 'quantity' | 'soldOut'>;
}

/**
 * The item page's buy action: a quantity between 1 and the stock, and 'Add to cart', which adds
 * (never more than the stock in all) and opens the cart drawer. Sold out: a disabled button.
 */
export function AddToCart({ item }: AddToCartProps) {
  const { t } = useTranslation('cart');
  const { toast } = useToast();
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const [open, setOpen] = useState(false);
  const stock = item.soldOut ? 0 : Math.max(0, item.quantity);
  // The stock may fall while the page is open: never show more than is left.
  const shown = Math.max(1, Math.min(quantity, stock));

  const add = () => {
    const current = cart.lines.find((l) => l.itemId === item.id)?.quantity ?? 0;
    if (current === 0) {
      if (cart.lines.length >= CART_RULES.linesMax) {
        toast({ title: t('cartFull'), variant: 'error' });
        return;
      }
      cart.add(item.id, Math.min(shown, stock));
    } else {
      cart.setQuantity(item.id, Math.min(current + shown, stock));
    }
    setOpen(true);
  };

  return (
    <div className="cart-add">
      {stock === 0 ? (
        <Button disabled>{t('soldOut')}</Button>
      ) : (
        <>
          <QuantityStepper value={shown} max={stock} onChange={setQuantity} />
          <Button onClick={add}>
            <ShoppingCart aria-hidden="true" size={18} />
            {t('addToCart')}
          </Button>
        </>
      )}
      <CartDrawer open={open} onOpenChange={setOpen} />
    </div>
  );
}
