import type { LegalContent } from './types.ts';

const business: LegalContent = ({ brand, schedule }) => ({
  updated: '2026-11-24',
  summary: `A ${brand} atende empresas que movimentam valores entre cripto, saldo Deriv e reais: mesas de operação, agentes de pagamento, lojas online, exportadores de serviços pagos em stablecoins e agências que pagam freelancers no exterior. Você tem a mesma precificação clara dos nossos clientes pessoa física, com uma equipe que conhece os seus volumes.`,
  sections: [
    {
      id: 'offer',
      heading: 'O que oferecemos',
      blocks: [
        {
          list: [
            'Cotações combinadas com antecedência para volumes recorrentes, dentro da nossa faixa de taxas de 3% a 10%, e a cotação travada por 15 minutos em cada pedido.',
            'Liquidação em reais por PIX ou transferência bancária (TED), instantânea e sem custo extra, para a conta da empresa no nome do CNPJ.',
            'Envios em USDT nas redes TRC20, BEP20 ou ERC20, em BTC ou ETH, e transferências para contas Deriv como agente de pagamento.',
            'Um contato dedicado no WhatsApp e por e-mail no horário comercial, e análise prioritária dos seus pedidos.',
            'O histórico completo de cada pedido, com comprovantes e hashes de transação, para a sua contabilidade.',
          ],
        },
      ],
    },
    {
      id: 'who',
      heading: 'Para quem é',
      blocks: [
        `Empresas registradas no Brasil com CNPJ ativo, e seus representantes legais. Não atendemos negócios cuja atividade não conseguimos verificar, nem operações em nome de terceiros não identificados.`,
      ],
    },
    {
      id: 'onboarding',
      heading: 'Como funciona o cadastro',
      blocks: [
        {
          list: [
            'Conte sobre a empresa, a atividade dela e os volumes mensais que você espera.',
            'Envie o contrato social ou estatuto, o cartão CNPJ e os documentos de identidade e uma selfie de cada representante legal.',
            'Analisamos os documentos em até 24 horas em dias úteis e, para volumes maiores, podemos perguntar sobre a origem dos recursos, como exige a nossa política de prevenção à lavagem de dinheiro.',
            'Depois da aprovação, os representantes trocam pela conta da empresa, e os envios vão apenas para carteiras e contas bancárias de titularidade da empresa.',
          ],
        },
      ],
    },
    {
      id: 'hours',
      heading: 'Horários e prazos',
      blocks: [
        `Processamos pedidos ${schedule}. PIX e transferências bancárias são liquidados na hora; boletos compensam em até três dias úteis e têm uma taxa adicional. Envios em cripto dependem das confirmações de cada rede.`,
      ],
    },
  ],
});

export default business;
